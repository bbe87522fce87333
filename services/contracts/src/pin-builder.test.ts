import type { ViewerType } from './auth';
import {
  PARTNER_FEATURES,
  PIN_BUILDER_FEATURES,
  PINNER_FEATURES,
  pinBuilderGate,
  pinBuilderScenario,
  type ExperimentGroups,
  type PinBuilderContext,
  type PinBuilderFeature,
} from './pin-builder';

/** Every pin-builder experiment on, so a row tests only what it changes. */
const ALL_FEATURE_EXPERIMENTS: ExperimentGroups = {
  web_pin_builder_multi_pin: 'enabled',
  web_pin_builder_video: 'enabled',
  web_pin_builder_idea_pins: 'enabled',
  web_pin_builder_scheduling: 'enabled',
};

const ctx = (over: Partial<PinBuilderContext> = {}): PinBuilderContext => ({
  scenario: 'default',
  viewerType: 'AUTH',
  experiments: ALL_FEATURE_EXPERIMENTS,
  canUploadVideo: true,
  locale: 'en-US',
  actingForAnotherAccount: false,
  ...over,
});

const onFeatures = (c: PinBuilderContext) =>
  Object.entries(pinBuilderGate(c).features)
    .filter(([, on]) => on)
    .map(([f]) => f)
    .sort();

const only = (...features: PinBuilderFeature[]) => [...features].sort();
const without = (...features: PinBuilderFeature[]) => PIN_BUILDER_FEATURES.filter((f) => !features.includes(f)).sort();

/** Partner features offered in the default scenario (layouts and system fonts are idea-pin design: stories only). */
const PARTNER_DEFAULT = PARTNER_FEATURES.filter((f) => f !== 'layouts' && f !== 'system_fonts');

describe('pin-builder feature gating (saving-boards-ads.md section 6)', () => {
  describe('viewer types: login, and a partner account', () => {
    it.each<[string, ViewerType, string[]]>([
      ['unauthenticated: nothing, log in first', 'UNAUTH', []],
      ['limited login: counts as logged out (not a session of the default type)', 'LIMITED_LOGIN', []],
      ['authenticated pinner: the login-only features', 'AUTH', only(...PINNER_FEATURES)],
      ['partner: login-only and partner features', 'PARTNER', only(...PINNER_FEATURES, ...PARTNER_DEFAULT)],
      ['advertiser: a business account, as a partner', 'ADVERTISER', only(...PINNER_FEATURES, ...PARTNER_DEFAULT)],
    ])('%s', (_name, viewerType, expected) => {
      expect(onFeatures(ctx({ viewerType }))).toEqual(expected);
      const gate = pinBuilderGate(ctx({ viewerType }));
      expect(gate.loginRequired).toBe(viewerType === 'UNAUTH' || viewerType === 'LIMITED_LOGIN');
      expect(gate.canCreate).toBe(!gate.loginRequired);
    });
  });

  describe('experiment groups: enabled, employees and rollout are on; control is off', () => {
    it.each<[PinBuilderFeature, keyof ExperimentGroups, ViewerType]>([
      ['multi_pin_for_pinners', 'web_pin_builder_multi_pin', 'AUTH'],
      ['video', 'web_pin_builder_video', 'AUTH'],
      ['idea_pin_creation', 'web_pin_builder_idea_pins', 'AUTH'],
      ['scheduling', 'web_pin_builder_scheduling', 'PARTNER'],
    ])('%s follows %s', (feature, experiment, viewerType) => {
      for (const [group, on] of [['enabled', true], ['employees', true], ['rollout', true], ['control', false], [undefined, false]] as const) {
        const experiments = { ...ALL_FEATURE_EXPERIMENTS, [experiment]: group };
        expect([group, pinBuilderGate(ctx({ viewerType, experiments })).features[feature]]).toEqual([group, on]);
      }
    });

    it('everyone in control: a pinner gets no feature but still builds single pins', () => {
      const gate = pinBuilderGate(ctx({ experiments: {} }));
      expect(onFeatures(ctx({ experiments: {} }))).toEqual([]);
      expect(gate).toMatchObject({ canCreate: true, multiPin: false });
    });

    it('everyone in control: a partner keeps the partner features no experiment gates', () => {
      expect(onFeatures(ctx({ viewerType: 'PARTNER', experiments: {} }))).toEqual(only(...PARTNER_DEFAULT.filter((f) => f !== 'scheduling')));
    });
  });

  describe('multi-pin: several images at once', () => {
    it.each<[string, Partial<PinBuilderContext>, boolean]>([
      ['a pinner in the multi-pin experiment', { viewerType: 'AUTH' }, true],
      ['a pinner in control', { viewerType: 'AUTH', experiments: {} }, false],
      ['a partner, whatever the experiment', { viewerType: 'PARTNER', experiments: {} }, true],
      ['a partner acting for another account with business access switched off, in control', { viewerType: 'PARTNER', experiments: { web_business_access_disabled_acting_as: 'enabled' }, actingForAnotherAccount: true }, false],
      ['a story (one idea pin)', { viewerType: 'PARTNER', scenario: 'story_pin' }, false],
    ])('%s: %s', (_name, over, multiPin) => {
      expect(pinBuilderGate(ctx(over)).multiPin).toBe(multiPin);
    });
  });

  describe('video: login, the experiment and permission to upload video', () => {
    it.each<[string, Partial<PinBuilderContext>, boolean]>([
      ['with permission', {}, true],
      ['without permission', { canUploadVideo: false }, false],
      ['logged out', { viewerType: 'UNAUTH' }, false],
    ])('%s', (_name, over, on) => {
      expect(pinBuilderGate(ctx(over)).features.video).toBe(on);
    });

    it('video editing and video tagging need the permission too', () => {
      const gate = pinBuilderGate(ctx({ viewerType: 'PARTNER', canUploadVideo: false }));
      expect([gate.features.video_editing, gate.features.video_tagging]).toEqual([false, false]);
    });
  });

  describe('video tagging is English only', () => {
    it.each([
      ['en', true],
      ['en-US', true],
      ['en_GB', true],
      ['EN-au', true],
      ['fr-FR', false],
      ['de', false],
      ['eng', false],
      ['', false],
    ])('%s', (locale, on) => {
      const features = pinBuilderGate(ctx({ viewerType: 'PARTNER', locale })).features;
      expect(features.video_tagging).toBe(on);
      // Only video tagging depends on the language.
      expect(features.video_editing).toBe(true);
    });
  });

  describe('business access switched off when acting as another account', () => {
    const switchedOff = { ...ALL_FEATURE_EXPERIMENTS, web_business_access_disabled_acting_as: 'enabled' };
    it.each<[string, Partial<PinBuilderContext>, string[]]>([
      ['acting for another account, switch on: partner features off, login-only kept', { actingForAnotherAccount: true, experiments: switchedOff }, only(...PINNER_FEATURES)],
      ['acting for another account, switch in control: partner features kept', { actingForAnotherAccount: true }, only(...PINNER_FEATURES, ...PARTNER_DEFAULT)],
      ['own account, switch on: partner features kept', { actingForAnotherAccount: false, experiments: switchedOff }, only(...PINNER_FEATURES, ...PARTNER_DEFAULT)],
    ])('%s', (_name, over, expected) => {
      expect(onFeatures(ctx({ viewerType: 'ADVERTISER', ...over }))).toEqual(expected);
    });
  });

  describe('pin creation switched off by experiment', () => {
    it.each([['web_pin_creation_disabled_all'], ['web_pin_creation_disabled_web']] as const)('%s: no pin creation and no feature, whoever the viewer', (switchName) => {
      for (const viewerType of ['AUTH', 'PARTNER', 'ADVERTISER'] as const) {
        const gate = pinBuilderGate(ctx({ viewerType, experiments: { ...ALL_FEATURE_EXPERIMENTS, [switchName]: 'enabled' } }));
        expect(gate).toMatchObject({ canCreate: false, creationDisabledBy: switchName, loginRequired: false, multiPin: false });
        expect(Object.values(gate.features).every((on) => !on)).toBe(true);
      }
    });

    it('"all" is named when both switches are on', () => {
      expect(pinBuilderGate(ctx({ experiments: { web_pin_creation_disabled_all: 'enabled', web_pin_creation_disabled_web: 'enabled' } })).creationDisabledBy).toBe('web_pin_creation_disabled_all');
    });

    it('idea pins switched off: idea-pin creation only', () => {
      const c = ctx({ viewerType: 'PARTNER', experiments: { ...ALL_FEATURE_EXPERIMENTS, web_pin_creation_disabled_idea_pins: 'enabled' } });
      expect(onFeatures(c)).toEqual(without('idea_pin_creation', 'layouts', 'system_fonts'));
      expect(pinBuilderGate(c).canCreate).toBe(true);
    });

    it('video switched off: video, video editing and video tagging', () => {
      const c = ctx({ viewerType: 'PARTNER', experiments: { ...ALL_FEATURE_EXPERIMENTS, web_pin_creation_disabled_video: 'enabled' } });
      expect(onFeatures(c)).toEqual(without('video', 'video_editing', 'video_tagging', 'layouts', 'system_fonts'));
      expect(pinBuilderGate(c).canCreate).toBe(true);
    });
  });

  describe('scenarios', () => {
    it.each<[string, string[]]>([
      ['default', only(...PINNER_FEATURES, ...PARTNER_DEFAULT)],
      ['ad_creation', without('education', 'layouts', 'system_fonts', 'multi_pin_for_pinners', 'idea_pin_creation')],
      ['business_nux', without('layouts', 'system_fonts', 'multi_pin_for_pinners', 'idea_pin_creation')],
      ['story_pin', without('carousel', 'multi_pin', 'multi_pin_for_pinners', 'education')],
      ['story_pin_v2', without('carousel', 'multi_pin', 'multi_pin_for_pinners', 'education')],
      ['offsite_pin_creation', []],
    ])('%s', (scenario, expected) => {
      expect(onFeatures(ctx({ viewerType: 'PARTNER', scenario: scenario as PinBuilderContext['scenario'] }))).toEqual(expected);
    });

    it('the offsite builder still lets a logged-in viewer make a pin, and asks a visitor to log in', () => {
      expect(pinBuilderGate(ctx({ scenario: 'offsite_pin_creation' }))).toMatchObject({ canCreate: true, loginRequired: false });
      expect(pinBuilderGate(ctx({ scenario: 'offsite_pin_creation', viewerType: 'UNAUTH' }))).toMatchObject({ canCreate: false, loginRequired: true });
    });

    it('a page parameter names a scenario, anything else is the default', () => {
      expect(pinBuilderScenario('story_pin_v2')).toBe('story_pin_v2');
      expect(pinBuilderScenario('nonsense')).toBe('default');
      expect(pinBuilderScenario(null)).toBe('default');
    });
  });
});
