/**
 * Where to send the user after sign-up or log-in. signup-login.md section 2 (the `next` parameter,
 * root when absent) and section 4 (default and social return targets).
 * `next` arrives in the address bar, so anyone can craft it: everything here exists to stop it
 * being used as an open redirect to another site. Uses only URL and URLSearchParams, which the
 * browser and Node both provide.
 */

/** Longest `next` accepted; longer values are not links our own pages produce. */
export const NEXT_URL_MAX_LENGTH = 2048;

/** Never a real host: only used to see whether resolving a path would leave the origin. */
const PROBE_ORIGIN = 'https://pinhive.invalid';
/** Decoding rounds before giving up: more layers of encoding than this is an attack, not a link. */
const MAX_DECODE_ROUNDS = 4;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x1F\x7F]/;
/** %C0 and %C1 only start over-long UTF-8 ("%C0%AF" is "/"), which old decoders accepted. */
const OVERLONG = /%c[01]/i;
/** Percent-escapes of ASCII characters: the only ones that can turn into "/", "\" or a control. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/**
 * The shape browsers treat as a path on the current origin. Browsers read "\" as "/", drop tabs
 * and newlines anywhere ("/\t/evil.com" becomes "//evil.com") and "//host" is another site.
 */
function isPathShaped(value: string): boolean {
  return (
    value.startsWith('/') &&
    value[1] !== '/' &&
    !value.includes('\\') &&
    !CONTROL.test(value)
  );
}

/** Decodes only ASCII escapes, never throws (a stray "%" in a search query is not an error). */
const decodeAsciiEscapes = (value: string): string =>
  value.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * `next` when it is a path on our own origin, otherwise `fallback` (which is trusted as given).
 * Accepted: starts with a single "/", no backslash, no control character, at most 2048 characters,
 * so never a scheme ("javascript:", "https:") or a protocol-relative "//host".
 * Every percent-decoded layer must pass the same checks: a browser would keep "/%2F%2Fevil.com"
 * on our origin, but a server or router that decodes and redirects again would send the user to
 * "//evil.com"; no page of ours starts with an encoded slash, so rejecting it costs nothing.
 * Finally, resolving against a probe origin must not change the origin.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > NEXT_URL_MAX_LENGTH) return fallback;
  if (OVERLONG.test(next)) return fallback;

  let layer = next;
  for (let round = 0; ; round++) {
    if (!isPathShaped(layer)) return fallback;
    const decoded = decodeAsciiEscapes(layer);
    if (decoded === layer) break;
    if (round === MAX_DECODE_ROUNDS) return fallback;
    layer = decoded;
  }

  try {
    return new URL(next, PROBE_ORIGIN).origin === PROBE_ORIGIN ? next : fallback;
  } catch {
    return fallback;
  }
}

/** The part of `window.location` (or a router location) the return targets read. */
export interface ReturnLocation {
  pathname: string;
  search: string;
}

const AUTH_PAGES: readonly string[] = ['/login', '/login/', '/signup', '/signup/'];
// Returning to the account-switch flow after finishing it would start it again.
const isAddAccount = (pathname: string): boolean => pathname.startsWith('/add-account');

/**
 * Where to go after an email log-in when there is no `next`: the root from the log-in, sign-up
 * and /add-account pages (going back there would show the form again), otherwise the current
 * path plus query. Still passed through safeNextPath: a current address of
 * "https://pinhive.com//evil.com" has pathname "//evil.com".
 */
export function defaultReturnTarget(location: ReturnLocation): string {
  if (AUTH_PAGES.includes(location.pathname) || isAddAccount(location.pathname)) return '/';
  return safeNextPath(location.pathname + location.search);
}

/**
 * Where to go after a social (Facebook-kind, Google-kind) log-in: the root from /add-account
 * pages, otherwise the current path without its query, as the spec says.
 */
export function socialReturnTarget(location: ReturnLocation): string {
  if (isAddAccount(location.pathname)) return '/';
  return safeNextPath(location.pathname);
}

/**
 * The redirect target from a search string such as "?next=%2Fpin%2F123%2F": the `next`
 * parameter when present and safe, otherwise the root. The first `next` wins if there are several.
 */
export function redirectTarget(search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next'));
}
