import en from '../i18n/en.json';

/** Error codes whose words are in the catalogue (`errors.<code>`); others show the server's message. */
export type KnownErrorCode = keyof (typeof en)['errors'];

/** Client rules' codes (`validation.<code>`): the sign-up and log-in fields, the code and the phone. */
export type ValidationCode = keyof (typeof en)['validation'];

/** The sign-in providers' messages (`social.messages.<code>`): popups, email collection. */
export type SocialMessageCode = keyof (typeof en)['social']['messages'];

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(en.errors, code);
}

/**
 * A message for a field or the form, kept as data so that the rules stay pure: a client rule
 * (`validation.<code>`), a server code we have words for (`errors.<code>`), a provider sign-in's
 * (`social.messages.<code>`), or the server's text.
 */
export type FormMessage =
  | { source: 'validation'; code: ValidationCode }
  | { source: 'error'; code: KnownErrorCode }
  | { source: 'social'; code: SocialMessageCode }
  | { source: 'server'; text: string };

/** The message for a server failure: our words for a known code, else the server's text. */
export function messageForCode(code: string, serverText: string): FormMessage {
  return isKnownErrorCode(code) ? { source: 'error', code } : { source: 'server', text: serverText };
}

export const GENERIC: FormMessage = { source: 'error', code: 'generic' };
