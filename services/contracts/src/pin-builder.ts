import { z } from 'zod';
import type { ViewerType } from './auth';
import { isOn, type ExperimentName } from './experiments';
import { idSchema, imageSpecSchema, savedPinSchema } from './pins-boards';
import { fillTemplate, IMAGE_MAX_BYTES, PIN_DESCRIPTION_MAX_LENGTH, PIN_LINK_MAX_LENGTH, PIN_TITLE_MAX_LENGTH, SAVING_STRINGS } from './saving';

/**
 * The pin builder (saving-boards-ads.md sections 3, 6 and 9): its constants and which of its
 * features a viewer gets. `pinBuilderGate()` is the one place that decides: the web builder
 * shows a control only when it answers `true`, and pins-boards refuses a request that needs a
 * feature it answers `false` for (the client is never the only guard).
 *
 * Choices where the spec is silent (docs/decisions/pin-builder.md says why):
 * - "Login" means a full session: `LIMITED_LOGIN` counts as logged out ("fully logged in means a
 *   session of the default type", section 6).
 * - A "partner account" is a business account: `PARTNER`, and `ADVERTISER` (an advertiser is a
 *   business account too).
 * - The experiment groups `enabled`, `employees` and `rollout` all mean "on" (experiments.ts).
 * - Which feature depends on which scenario and experiment: FEATURE_RULES below.
 */

/** Section 9. */
export const PIN_BUILDER_MAX_FILE_BYTES = IMAGE_MAX_BYTES;
export const PIN_BUILDER_MAX_WIDTH = 880;
export const PIN_BUILDER_MIN_WIDTH = 340;
export const PIN_BUILDER_DEFAULT_IMAGE_WIDTH = 474;
export const PIN_BUILDER_TITLE_MAX = PIN_TITLE_MAX_LENGTH;
export const PIN_BUILDER_DESCRIPTION_MAX = PIN_DESCRIPTION_MAX_LENGTH;
/** Alt text: section 9's "400 for other limits" (ours: the spec does not say which limit is which). */
export const PIN_BUILDER_ALT_TEXT_MAX = 400;
/** Images made into pins at once (multi-pin): section 9's "5 for counts". */
export const PIN_BUILDER_MAX_IMAGES = 5;

/** Section 3: carousel and single pins take 2:3, 3:4 and 1:1; stories 9:16 and their far variants. */
export const PIN_ASPECT_RATIOS = ['2:3', '3:4', '1:1'] as const;
export type PinAspectRatio = (typeof PIN_ASPECT_RATIOS)[number];
export const STORY_ASPECT_RATIOS = ['9:16', 'far_portrait', 'far_landscape'] as const;

/** Section 3's states of a pin being built. */
export const PIN_BUILDER_STATES = ['processing', 'publishing', 'saving', 'edited', 'creating', 'saved', 'attempted', 'uploading', 'succeeded'] as const;
export type PinBuilderState = (typeof PIN_BUILDER_STATES)[number];

/** Section 3's scenarios: where the builder was opened. */
export const PIN_BUILDER_SCENARIOS = ['default', 'ad_creation', 'story_pin', 'story_pin_v2', 'offsite_pin_creation', 'business_nux'] as const;
export type PinBuilderScenario = (typeof PIN_BUILDER_SCENARIOS)[number];

/** Section 6: features needing login and a partner (business) account. */
export const PARTNER_FEATURES = [
  'carousel',
  'editing',
  'education',
  'layouts',
  'link_status_validation',
  'multi_pin',
  'scheduling',
  'shop_the_pin',
  'system_fonts',
  'tagging',
  'video_tagging',
  'pin_quality',
  'video_editing',
] as const;
/** Section 6: features needing login only. */
export const PINNER_FEATURES = ['multi_pin_for_pinners', 'video', 'idea_pin_creation'] as const;
export const PIN_BUILDER_FEATURES = [...PARTNER_FEATURES, ...PINNER_FEATURES] as const;
export type PinBuilderFeature = (typeof PIN_BUILDER_FEATURES)[number];

/** A viewer's groups, as `GET /v3/experiences/experiments/` answers them; a missing one is `control`. */
export type ExperimentGroups = Partial<Record<ExperimentName, string>>;

export interface PinBuilderContext {
  scenario: PinBuilderScenario;
  viewerType: ViewerType;
  experiments: ExperimentGroups;
  /** The account may upload video (section 6: "video also needs permission to upload video"). */
  canUploadVideo: boolean;
  /** BCP 47, e.g. `en-US`; video tagging is English only. */
  locale: string;
  /** Acting on behalf of an account the viewer does not own (an advertiser, section 6). */
  actingForAnotherAccount: boolean;
}

/** Why pin creation is off, when it is: the kill switch that turned it off. */
export type CreationDisabledBy = 'web_pin_creation_disabled_all' | 'web_pin_creation_disabled_web';

export interface PinBuilderGate {
  /** Whether this viewer may build pins at all here (logged in, and no kill switch is on). */
  canCreate: boolean;
  /** The viewer must log in first (the offsite builder's login panel). */
  loginRequired: boolean;
  /** The kill switch that turned creation off, or null. */
  creationDisabledBy: CreationDisabledBy | null;
  /** Several images at once: `multi_pin` or `multi_pin_for_pinners`. */
  multiPin: boolean;
  features: Record<PinBuilderFeature, boolean>;
}

interface FeatureRule {
  /** Which accounts: section 6's two lists. */
  needs: 'partner' | 'login';
  /** On only while this experiment's group is on (`enabled`, `employees`, `rollout`). */
  experiment?: ExperimentName;
  /** Scenarios where the feature is offered; unset: every scenario but the offsite builder. */
  scenarios?: readonly PinBuilderScenario[];
  /** Needs the permission to upload video. */
  video?: boolean;
  /** Turned off by `web_pin_creation_disabled_video`. */
  videoSwitch?: boolean;
  englishOnly?: boolean;
}

const STORY: readonly PinBuilderScenario[] = ['story_pin', 'story_pin_v2'];
const PIN_SCENARIOS: readonly PinBuilderScenario[] = ['default', 'ad_creation', 'business_nux'];

/**
 * Ours, where section 6 says only "some features depend on scenario and on experiment groups":
 * - the offsite (bookmarklet) builder makes one pin of one page image: no feature there;
 * - several pins at once (multi-pin, carousel) belong to standard pins, not to idea pins (stories);
 * - layouts and system fonts are idea-pin page design: story scenarios only;
 * - education is the business onboarding's teaching cards: `business_nux` and `default`;
 * - idea pins are made in the default and story scenarios (an ad is made from a standard pin);
 * - the experiments that exist for them gate multi-pin for pinners, video, idea pins and
 *   scheduling (experiments.ts `web_pin_builder_*`); the other partner features are on for every
 *   partner.
 */
const FEATURE_RULES: Record<PinBuilderFeature, FeatureRule> = {
  carousel: { needs: 'partner', scenarios: PIN_SCENARIOS },
  editing: { needs: 'partner' },
  education: { needs: 'partner', scenarios: ['default', 'business_nux'] },
  layouts: { needs: 'partner', scenarios: STORY },
  link_status_validation: { needs: 'partner' },
  multi_pin: { needs: 'partner', scenarios: PIN_SCENARIOS },
  scheduling: { needs: 'partner', experiment: 'web_pin_builder_scheduling' },
  shop_the_pin: { needs: 'partner' },
  system_fonts: { needs: 'partner', scenarios: STORY },
  tagging: { needs: 'partner' },
  video_tagging: { needs: 'partner', video: true, videoSwitch: true, englishOnly: true },
  pin_quality: { needs: 'partner' },
  video_editing: { needs: 'partner', video: true, videoSwitch: true },
  multi_pin_for_pinners: { needs: 'login', experiment: 'web_pin_builder_multi_pin', scenarios: ['default'] },
  video: { needs: 'login', experiment: 'web_pin_builder_video', video: true, videoSwitch: true },
  idea_pin_creation: { needs: 'login', experiment: 'web_pin_builder_idea_pins', scenarios: ['default', ...STORY] },
};

const LOGGED_IN: ReadonlySet<ViewerType> = new Set(['AUTH', 'PARTNER', 'ADVERTISER']);
const PARTNER: ReadonlySet<ViewerType> = new Set(['PARTNER', 'ADVERTISER']);

const isEnglish = (locale: string) => /^en(?:[-_]|$)/i.test(locale.trim());

/**
 * Which pin-builder features are on for this viewer, here (section 6). Pure: the same inputs
 * always give the same answer, in the browser and in pins-boards.
 */
export function pinBuilderGate(ctx: PinBuilderContext): PinBuilderGate {
  const on = (name: ExperimentName) => isOn(ctx.experiments[name]);
  const loggedIn = LOGGED_IN.has(ctx.viewerType);
  // "Business-access features can be turned off by an experiment when acting as another account."
  const businessAccess = PARTNER.has(ctx.viewerType) && !(ctx.actingForAnotherAccount && on('web_business_access_disabled_acting_as'));
  // The builder is a web one: "web pins" switched off is the same as "all" here.
  const creationDisabledBy: CreationDisabledBy | null = on('web_pin_creation_disabled_all')
    ? 'web_pin_creation_disabled_all'
    : on('web_pin_creation_disabled_web')
      ? 'web_pin_creation_disabled_web'
      : null;
  const canCreate = loggedIn && creationDisabledBy === null;

  const allowed = (feature: PinBuilderFeature): boolean => {
    const rule = FEATURE_RULES[feature];
    if (!canCreate) return false;
    if (rule.needs === 'partner' && !businessAccess) return false;
    const scenarios = rule.scenarios ?? PIN_BUILDER_SCENARIOS.filter((s) => s !== 'offsite_pin_creation');
    if (!scenarios.includes(ctx.scenario)) return false;
    if (rule.experiment && !on(rule.experiment)) return false;
    if (rule.video && !ctx.canUploadVideo) return false;
    if (rule.videoSwitch && on('web_pin_creation_disabled_video')) return false;
    if (feature === 'idea_pin_creation' && on('web_pin_creation_disabled_idea_pins')) return false;
    if (rule.englishOnly && !isEnglish(ctx.locale)) return false;
    return true;
  };

  const features = Object.fromEntries(PIN_BUILDER_FEATURES.map((f) => [f, allowed(f)])) as Record<PinBuilderFeature, boolean>;
  return {
    canCreate,
    loginRequired: !loggedIn,
    creationDisabledBy,
    multiPin: features.multi_pin || features.multi_pin_for_pinners,
    features,
  };
}

/** The builder's web scenario for a page's `?scenario=`: anything unknown is `default`. */
export function pinBuilderScenario(value: string | null | undefined): PinBuilderScenario {
  return (PIN_BUILDER_SCENARIOS as readonly string[]).includes(value ?? '') ? (value as PinBuilderScenario) : 'default';
}

// ---- the builder's calls (pins-boards) ----------------------------------------------------

/** `POST /v3/pin-builder/uploads/`: the body is the image file itself (its type in Content-Type). */
export const PIN_BUILDER_UPLOAD_PATH = '/v3/pin-builder/uploads/';
/** `POST /v3/pin-builder/pins/`: pins made from uploads. */
export const PIN_BUILDER_PINS_PATH = '/v3/pin-builder/pins/';

/** Where the builder is used, told to both calls (`?scenario=` of the upload, `scenario` of the create). */
export const pinBuilderScenarioSchema = z.enum(PIN_BUILDER_SCENARIOS).default('default');

/** An upload, stored: `media_upload_id` is what a create names (section 3's `media_upload_id`). */
export const pinBuilderUploadSchema = z.object({
  media_upload_id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  dominant_color: z.string(),
  images: z.object({ '236x': imageSpecSchema, orig: imageSpecSchema }),
});
export type PinBuilderUpload = z.infer<typeof pinBuilderUploadSchema>;

export const pinBuilderUploadQuerySchema = z.object({ scenario: pinBuilderScenarioSchema, advertiser_id: idSchema.optional() });

const text = (max: number) => z.string().max(max, fillTemplate(SAVING_STRINGS.tooLong, { maxLength: max }));
/** An upload's id: the sha256 of its bytes. */
const mediaUploadId = z.string().regex(/^[0-9a-f]{64}$/, 'Must be the media_upload_id an upload answered.');

export const pinBuilderCreateSchema = z.object({
  board_id: idSchema,
  section_id: idSchema.optional(),
  /** One pin per image; more than one needs multi-pin. */
  media_upload_ids: z.array(mediaUploadId).min(1, 'Add an image.').max(PIN_BUILDER_MAX_IMAGES, `Add at most ${PIN_BUILDER_MAX_IMAGES} images.`),
  title: text(PIN_BUILDER_TITLE_MAX).optional(),
  description: text(PIN_BUILDER_DESCRIPTION_MAX).optional(),
  link: z.string().max(PIN_LINK_MAX_LENGTH).optional(),
  alt_text: text(PIN_BUILDER_ALT_TEXT_MAX).optional(),
  advertiser_id: idSchema.optional(),
  scenario: pinBuilderScenarioSchema,
});
export type PinBuilderCreate = z.input<typeof pinBuilderCreateSchema>;

export const pinBuilderCreatedSchema = z.object({ pins: z.array(savedPinSchema) });
export type PinBuilderCreated = z.infer<typeof pinBuilderCreatedSchema>;
