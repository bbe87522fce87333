import { z } from 'zod';

/**
 * The settings the upsells read (saving-boards-ads.md section 3, "User settings read", and
 * section 7, `GET /v3/users/settings`), owned by auth. `connected_to_instagram` says whether the
 * account has connected the photo-sharing site; nothing in Pinhive connects it yet, so it is
 * false unless an operator or a later connect flow sets it. `listed_website_url` is the website
 * the person listed on the "Claimed websites" settings page (`/settings/claim/`), null if none.
 */
export const userSettingsSchema = z.object({
  connected_to_instagram: z.boolean(),
  listed_website_url: z.string().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Longest website address kept (the length browsers and most sites accept for a URL). */
export const WEBSITE_URL_MAX_LENGTH = 2048;

export const USER_SETTINGS_STRINGS = {
  websiteInvalid: 'Enter a website address that starts with http:// or https://, like https://www.example.com',
  websiteTooLong: `Please enter no more than ${WEBSITE_URL_MAX_LENGTH} characters.`,
} as const;

/** An http(s) address with a host that has a dot (a public site, not `http://localhost`). */
export function isWebsiteUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * `POST /v3/users/settings/`: sets (or, with '' or null, clears) the listed website. The claim
 * page sends it; a later issue's domain verification builds on the same record.
 */
export const userSettingsUpdateSchema = z.object({
  listed_website_url: z
    .string({ error: USER_SETTINGS_STRINGS.websiteInvalid })
    .trim()
    .max(WEBSITE_URL_MAX_LENGTH, USER_SETTINGS_STRINGS.websiteTooLong)
    .refine((text) => text === '' || isWebsiteUrl(text), USER_SETTINGS_STRINGS.websiteInvalid)
    .nullable(),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

/**
 * The photo-sharing site of the connect-account upsell (section 4): a pin's link and the listed
 * website must be on it. One constant, so the rule and its tests name it once.
 */
export const PHOTO_SHARING_HOST = 'instagram.com';

/** Whether `url` is an http(s) address on `host` or one of its subdomains (www.instagram.com). */
export function isOnHost(url: string | null | undefined, host: string): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    const name = parsed.hostname.toLowerCase();
    return name === host || name.endsWith(`.${host}`);
  } catch {
    return false;
  }
}
