/** The security settings page (two-factor authentication). */
export const SECURITY_SETTINGS_PATH = '/settings/security';

/** The Save button (bookmarklet) page. */
export const BOOKMARKLET_SETTINGS_PATH = '/settings/bookmarklet';

/** The "Claimed websites" page: the website a person lists (the connect-account upsell leads here). */
export const CLAIM_SETTINGS_PATH = '/settings/claim/';
