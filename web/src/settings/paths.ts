/** The security settings page (two-factor authentication). */
export const SECURITY_SETTINGS_PATH = '/settings/security';
