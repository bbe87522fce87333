import type { ExperimentName } from '@pinhive/contracts';
import { creationSwitchedOff, type PinCreationKind } from './pin-creation.switches';

const on = (...names: ExperimentName[]) => (name: ExperimentName) => (names.includes(name) ? 'enabled' : 'control');

describe('pin creation switches', () => {
  it.each<[string, ExperimentName[], Record<PinCreationKind, boolean>]>([
    ['none on', [], { web: false, repin: false, idea_pin: false, video: false }],
    ['all', ['web_pin_creation_disabled_all'], { web: true, repin: true, idea_pin: true, video: true }],
    ['web pins', ['web_pin_creation_disabled_web'], { web: true, repin: false, idea_pin: false, video: false }],
    ['idea pins', ['web_pin_creation_disabled_idea_pins'], { web: false, repin: false, idea_pin: true, video: false }],
    ['video', ['web_pin_creation_disabled_video'], { web: false, repin: false, idea_pin: false, video: true }],
    ['unrelated experiments', ['web_search_shopping_filters', 'kr_privacy_consent'], { web: false, repin: false, idea_pin: false, video: false }],
  ])('%s: refuses what it switches off, nothing else', (_label, names, expected) => {
    const kinds = Object.keys(expected) as PinCreationKind[];
    expect(Object.fromEntries(kinds.map((kind) => [kind, creationSwitchedOff(kind, on(...names))]))).toEqual(expected);
  });
});
