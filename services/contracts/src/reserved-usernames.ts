/**
 * First path segments a username must never equal. A profile lives at `/{username}/`, and a page
 * or a gateway location with the same first segment wins: the profile of an account named `login`
 * or `v3` could never be reached. One list for the web app's pages, the gateway's locations and
 * pages the specs name that are not built yet; `web/src/reserved-usernames.test.ts` fails when the
 * router or the gateway serves a first segment missing here. Lower case, as usernames are.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  // The web app's pages (web/src/router.tsx).
  'signup', 'login', 'password', 'add-account', 'settings', 'business', 'dev', 'invite', 'inbox',
  // The sign-in popups' callback pages (`/sso/callback/`, `/connect/:provider/`; `connect` is below).
  'sso',
  // The gateway's locations (gateway/routes.mjs and gateway/render.mjs).
  'v3', 'resource', 'media', 'ads', 'assets', '_health', '_noop', '_openapi', '_error',
  // Pages the specs name (saving-boards-ads.md, signup-login.md) that the web app will serve.
  'pin', 'pins', 'board', 'boards', 'search', 'offsite', 'advertiser', 'connect', 'amp', 'pin-builder', '_profile', '_',
  // Names any site ends up serving, kept free before they are needed.
  'about', 'admin', 'api', 'explore', 'help', 'home', 'ideas', 'logout', 'register', 'static', 'today', 'users',
];

const reserved: ReadonlySet<string> = new Set(RESERVED_USERNAMES);

/** Whether a (lower-case) username would shadow a page. */
export const isReservedUsername = (username: string): boolean => reserved.has(username);
