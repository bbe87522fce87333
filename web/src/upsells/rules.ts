import { isOn, isOnHost, PHOTO_SHARING_HOST, type ExperimentsResponse, type UserSettings } from '@pinhive/contracts';

/*
 * The upsells shown after a pin is created (saving-boards-ads.md sections 2, 3, 4 and 9), as pure
 * functions: what the browser, the experiments, the nag record and the settings say decides, and
 * the components only read and write them (docs/decisions/upsells.md).
 */

// ---- the nag limits (section 9: "constants not shown"; "related key constants 4, 3, 1050, 880") ----

/** The extension upsell is shown at most this many times in a browser (the spec's 4). */
export const EXTENSION_NAG_MAX_COUNT = 4;
/** ...and at least this many days apart (the spec's 3): the "nag window" after each showing. */
export const EXTENSION_NAG_MIN_DAYS_BETWEEN = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the extension-ready check waits for the extension's signal (section 9). */
export const EXTENSION_READY_TIMEOUT_MS = 500;

/**
 * The nag record 'timestamp_count' (section 3), stored as `<last nag, ms since epoch>_<count>`.
 * `count` is how many times the upsell was shown; 0 means "never again" (the person went to
 * install it, or skipped the install prompt).
 */
export interface NagRecord {
  timestamp: number;
  count: number;
}

export function parseNagRecord(text: string | null): NagRecord | null {
  const match = text === null ? null : /^(\d{1,15})_(\d{1,4})$/.exec(text);
  if (!match) return null;
  return { timestamp: Number(match[1]), count: Number(match[2]) };
}

export const formatNagRecord = (record: NagRecord): string => `${record.timestamp}_${record.count}`;

/**
 * Whether the nag record lets the upsell show now (section 9): never shown (no record, or one
 * that cannot be read) lets it; a count of 0, a count that reached the maximum, or a last nag
 * less than the minimum days ago suppresses it.
 */
export function nagAllows(record: NagRecord | null, now: number): boolean {
  if (!record) return true;
  if (record.count === 0) return false;
  if (record.count >= EXTENSION_NAG_MAX_COUNT) return false;
  return now - record.timestamp >= EXTENSION_NAG_MIN_DAYS_BETWEEN * DAY_MS;
}

/** The record after a showing: now, one more. */
export const afterNag = (record: NagRecord | null, now: number): NagRecord => ({ timestamp: now, count: (record?.count ?? 0) + 1 });

/** The record after Install now or the install prompt's skip: never again. */
export const stopNagging = (now: number): NagRecord => ({ timestamp: now, count: 0 });

// ---- the extension upsell (section 4) -------------------------------------------------------

/**
 * Whether this browser could take the extension: a desktop Chromium-family browser (Chrome,
 * Chromium, Edge, Opera, Brave, which all say "Chrome/") or Firefox. Mobile browsers and Safari
 * cannot.
 */
export function browserSupportsExtension(userAgent: string): boolean {
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(userAgent)) return false;
  return /\b(?:Headless)?Chrom(?:e|ium)\/|\bFirefox\//.test(userAgent);
}

export interface ExtensionUpsellInput {
  userAgent: string;
  /** The extension-ready check's answer (extensionCheck.ts). */
  installed: boolean;
  experiments: Pick<ExperimentsResponse, 'web_extension_upsell'>;
  nag: NagRecord | null;
  now: number;
}

/** Section 4: the browser supports the extension, it is not installed, the experiment is on and the nag record allows it. */
export function extensionUpsellEligible({ userAgent, installed, experiments, nag, now }: ExtensionUpsellInput): boolean {
  return browserSupportsExtension(userAgent) && !installed && isOn(experiments.web_extension_upsell) && nagAllows(nag, now);
}

// ---- the connect-account upsell (section 4) -------------------------------------------------

/** This upsell's entry in the seen-upsells list (section 3). */
export const CONNECT_ACCOUNT_UPSELL = 'connect_account';

export interface ConnectAccountInput {
  /** The signed-in account, null for a visitor. */
  viewerId: string | null;
  /** Who the created pin belongs to (its pinner). */
  pinnerId: string;
  experiments: Pick<ExperimentsResponse, 'web_connect_account_upsell'>;
  /** The created pin's link. */
  pinLink: string | null;
  seen: readonly string[];
  settings: UserSettings;
}

/**
 * Section 4, all seven: logged in; the pin is the viewer's own; the experiment is on; its url is
 * on the photo-sharing site; the upsell is unseen; the account is not connected; the listed
 * website is on that site.
 */
export function connectAccountUpsellEligible({ viewerId, pinnerId, experiments, pinLink, seen, settings }: ConnectAccountInput): boolean {
  return (
    viewerId !== null &&
    pinnerId === viewerId &&
    isOn(experiments.web_connect_account_upsell) &&
    isOnHost(pinLink, PHOTO_SHARING_HOST) &&
    !seen.includes(CONNECT_ACCOUNT_UPSELL) &&
    !settings.connected_to_instagram &&
    isOnHost(settings.listed_website_url, PHOTO_SHARING_HOST)
  );
}

/** The seen-upsells list after one was shown (each name once). */
export const markSeen = (seen: readonly string[], name: string): string[] => (seen.includes(name) ? [...seen] : [...seen, name]);

/** Which upsell follows a create: the extension one first (the spec shows it in place of the success screen), else connect-account. */
export type AfterCreateUpsell = 'extension' | 'connect_account' | null;
export function upsellAfterCreate(extension: boolean, connectAccount: boolean): AfterCreateUpsell {
  if (extension) return 'extension';
  return connectAccount ? 'connect_account' : null;
}
