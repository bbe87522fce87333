import { z } from 'zod';

/**
 * Experiments the web app asks the experiences service about (signup-login.md section 6).
 * `GET /v3/experiences/experiments/` answers each known experiment's group for this viewer.
 */
export const EXPERIMENTS = {
  /** The privacy-consent step of sign-up. */
  kr_privacy_consent: ['control', 'enabled'],
  /** The Google-kind button is replaced by a fallback connect button (the provider's own is off). */
  web_google_disabled: ['control', 'enabled'],
  /** The Facebook-kind sign-up button is removed (log-in keeps it). */
  dweb_unauth_remove_fb_signup_iteration: ['control', 'enabled'],
} as const;
export type ExperimentName = keyof typeof EXPERIMENTS;
export type ExperimentGroup<N extends ExperimentName = ExperimentName> = (typeof EXPERIMENTS)[N][number];

export const experimentsResponseSchema = z.object({
  kr_privacy_consent: z.enum(EXPERIMENTS.kr_privacy_consent),
  web_google_disabled: z.enum(EXPERIMENTS.web_google_disabled),
  dweb_unauth_remove_fb_signup_iteration: z.enum(EXPERIMENTS.dweb_unauth_remove_fb_signup_iteration),
});
export type ExperimentsResponse = z.infer<typeof experimentsResponseSchema>;

/** A viewer's groups never change between visits: keyed by this cookie (or the user id). */
export const VISITOR_COOKIE = 'ph_visitor';
/** Outside production, `ph_exp=name:group,...` forces groups (for tests and demos). */
export const EXPERIMENT_OVERRIDE_COOKIE = 'ph_exp';
