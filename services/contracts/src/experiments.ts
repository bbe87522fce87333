import { z } from 'zod';

/**
 * Every experiment the specs name (signup-login.md section 6, saving-boards-ads.md sections 4
 * and 6), with its groups. `GET /v3/experiences/experiments/` answers each one's group for this
 * viewer; services read them through the kit's cached experiments client.
 *
 * Groups: `control` is everyone not allocated; `enabled` turns the feature on; `employees` is the
 * group an operator fills with named people (staff trying a feature first); `rollout` is the
 * share being widened step by step. For the gating rules (pin-builder.ts) `enabled`, `employees`
 * and `rollout` all mean "on": they differ only in who an operator puts there.
 *
 * The specs name the first three; the others are this product's names for what the specs
 * describe ("pin creation can be disabled by experiment (all, web pins, idea pins, video)",
 * "experiments also gate shopping filters", the two upsells, "business-access features can be
 * turned off by an experiment when acting as another account", the unauthenticated
 * attributions, the pin-builder features that "depend on experiment groups").
 */
const ON_OFF = ['control', 'enabled'] as const;
const STAGED = ['control', 'enabled', 'employees', 'rollout'] as const;

export const EXPERIMENTS = {
  /** The privacy-consent step of sign-up. */
  kr_privacy_consent: ON_OFF,
  /** The Google-kind button is replaced by a fallback connect button (the provider's own is off). */
  web_google_disabled: ON_OFF,
  /** The Facebook-kind sign-up button is removed (log-in keeps it). */
  dweb_unauth_remove_fb_signup_iteration: ON_OFF,
  /** Kill switches: `enabled` turns pin creation off (every kind; pins made on the web; idea pins; video). */
  web_pin_creation_disabled_all: ON_OFF,
  web_pin_creation_disabled_web: ON_OFF,
  web_pin_creation_disabled_idea_pins: ON_OFF,
  web_pin_creation_disabled_video: ON_OFF,
  /** Shopping filters (price, on sale, brands) in search. */
  web_search_shopping_filters: STAGED,
  /** The browser-extension upsell after a pin is created. */
  web_extension_upsell: ON_OFF,
  /** The connect-account (photo-sharing site) upsell after a pin is created. */
  web_connect_account_upsell: ON_OFF,
  /** `enabled` turns business-access features off while acting as another account. */
  web_business_access_disabled_acting_as: ON_OFF,
  /** Aggregate-save counts and "saved to board" attribution shown to unauthenticated viewers. */
  web_unauth_aggregate_saves: ON_OFF,
  web_unauth_saved_to_board_attribution: ON_OFF,
  /** Pin-builder features that depend on an experiment group as well as the viewer (pin-builder.ts). */
  web_pin_builder_multi_pin: STAGED,
  web_pin_builder_video: STAGED,
  web_pin_builder_idea_pins: STAGED,
  web_pin_builder_scheduling: STAGED,
} as const;
export type ExperimentName = keyof typeof EXPERIMENTS;
export type ExperimentGroup<N extends ExperimentName = ExperimentName> = (typeof EXPERIMENTS)[N][number];
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

/** Whether a group turns its experiment's feature on (every group but control). */
export const isOn = (group: string | undefined): boolean => group !== undefined && group !== 'control';

const responseShape = Object.fromEntries(EXPERIMENT_NAMES.map((name) => [name, z.enum(EXPERIMENTS[name])])) as unknown as {
  [N in ExperimentName]: z.ZodEnum<{ [G in ExperimentGroup<N>]: G }>;
};
export const experimentsResponseSchema = z.object(responseShape);
export type ExperimentsResponse = z.infer<typeof experimentsResponseSchema>;

/** Every experiment in its control group: what a client assumes while it cannot ask. */
export const CONTROL_GROUPS = Object.fromEntries(EXPERIMENT_NAMES.map((name) => [name, 'control'])) as ExperimentsResponse;

/** A viewer's groups never change between visits: keyed by this cookie (or the user id). */
export const VISITOR_COOKIE = 'ph_visitor';
/** Outside production, `ph_exp=name:group,...` forces groups (for tests and demos). */
export const EXPERIMENT_OVERRIDE_COOKIE = 'ph_exp';
