/** The security settings page (two-factor authentication). */
export const SECURITY_SETTINGS_PATH = '/settings/security';

/** The Save button (bookmarklet) page. */
export const BOOKMARKLET_SETTINGS_PATH = '/settings/bookmarklet';
