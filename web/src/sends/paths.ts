/**
 * "Sent to you": pins people sent to the signed-in person (the account menu links there).
 * `inbox` is a reserved username (contracts' RESERVED_USERNAMES), so no profile is shadowed.
 */
export const RECEIVED_PINS_PATH = '/inbox/';

/** The query parameter that opens a pin's share sheet (`/pin/{id}/?share=true`, saving/success.ts shareHref). */
export const SHARE_PARAM = 'share';
