/**
 * How an email or username is compared everywhere (sign-up, log-in limits, recovery, the
 * operator command): trimmed and lower-cased, so one mailbox is one account and one lock.
 */
export const normaliseIdentifier = (s: string): string => s.trim().toLowerCase();
