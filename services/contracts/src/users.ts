import { z } from 'zod';

/**
 * Registration payload, email type (signup-login.md section 3). `birthday` is a seconds
 * timestamp; `recaptchaV3Token` is the string "default" when the client has none.
 */
export const registerRequestSchema = z.object({
  type: z.literal('email').default('email'),
  email: z.string({ error: 'Email is required' }).trim().min(1, "You missed a spot! Don't forget to add your email."),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  birthday: z
    .number({ error: "You missed a spot. Don't forget to add your birthday." })
    .int('Birthday must be a whole number of seconds'),
  country: z.string().trim().max(2).optional(),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  recaptchaV3Token: z.string().max(4096).default('default'),
  kr_privacy_consent_opt_in: z.boolean().optional(),
  marketing_notifs_opt_out: z.boolean().optional(),
  birthday_source_site: z.string().max(100).optional(),
  email_source_site: z.string().max(100).optional(),
  context: z
    .object({
      container: z.string().max(100).optional(),
      page_type: z.string().max(100).optional(),
      signup_source: z.string().max(100).optional(),
    })
    .optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The user as the auth service presents it to its owner (spec: stored account fields). */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const registerResponseSchema = z.object({ user: sessionUserSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** A user's public profile, owned by pins-boards (`GET /v3/users/{username}/`). */
export const publicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  image_large_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** People who follow them, people they follow, and whether the viewer is one of their followers. */
  follower_count: z.number().int(),
  following_count: z.number().int(),
  followed_by_me: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Usernames: 3 to 30 characters of lowercase letters, digits and underscores. */
export const usernameSchema = z.string().regex(/^[a-z0-9_]{3,30}$/, 'Not a valid username');
