import { describe, expect, it } from '@jest/globals';
import type { UserSettings } from '@pinhive/contracts';
import {
  afterNag, browserSupportsExtension, CONNECT_ACCOUNT_UPSELL, connectAccountUpsellEligible, EXTENSION_NAG_MAX_COUNT, EXTENSION_NAG_MIN_DAYS_BETWEEN,
  extensionUpsellEligible, formatNagRecord, markSeen, nagAllows, parseNagRecord, stopNagging, upsellAfterCreate, type ConnectAccountInput, type ExtensionUpsellInput, type NagRecord,
} from './rules';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-06-01T12:00:00Z');

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
};

describe('browsers that can take the extension', () => {
  it.each([
    ['desktop Chrome', UA.chrome, true],
    ['headless Chromium (the tests)', UA.headless, true],
    ['desktop Edge', UA.edge, true],
    ['desktop Firefox', UA.firefox, true],
    ['desktop Safari', UA.safari, false],
    ['Chrome on Android', UA.androidChrome, false],
    ['Chrome on iPhone', UA.iphone, false],
    ['Firefox on Android', UA.firefoxAndroid, false],
    ['no user agent', '', false],
  ])('%s: %s', (_name, userAgent, expected) => {
    expect(browserSupportsExtension(userAgent)).toBe(expected);
  });
});

describe("the nag record 'timestamp_count'", () => {
  it('reads back what it writes, and treats anything else as no record', () => {
    const record = { timestamp: now, count: 2 };
    expect(parseNagRecord(formatNagRecord(record))).toEqual(record);
    for (const bad of [null, '', 'x_1', '12', '12_', '_3', '12_3_4', '-5_1', '1.5_2']) expect(parseNagRecord(bad)).toBeNull();
  });

  const at = (daysAgo: number, count: number): NagRecord => ({ timestamp: now - daysAgo * DAY, count });
  it.each<[string, NagRecord | null, boolean]>([
    ['never shown', null, true],
    ['stopped for good (count 0)', at(365, 0), false],
    ['shown once, the window passed', at(EXTENSION_NAG_MIN_DAYS_BETWEEN, 1), true],
    ['shown once, inside the window', at(EXTENSION_NAG_MIN_DAYS_BETWEEN - 0.01, 1), false],
    ['shown a moment ago', at(0, 1), false],
    ['one showing left, the window passed', at(30, EXTENSION_NAG_MAX_COUNT - 1), true],
    ['the maximum reached', at(30, EXTENSION_NAG_MAX_COUNT), false],
    ['beyond the maximum', at(30, EXTENSION_NAG_MAX_COUNT + 3), false],
    ['a clock set back (last nag in the future)', at(-2, 1), false],
  ])('%s', (_name, record, allowed) => {
    expect(nagAllows(record, now)).toBe(allowed);
  });

  it('counts each showing from now, and stops with a count of 0', () => {
    expect(afterNag(null, now)).toEqual({ timestamp: now, count: 1 });
    expect(afterNag({ timestamp: 1, count: 2 }, now)).toEqual({ timestamp: now, count: 3 });
    expect(nagAllows(stopNagging(now - 400 * DAY), now)).toBe(false);
  });

  it('lets the upsell show at most the maximum times, however long apart', () => {
    let record: NagRecord | null = null;
    let shown = 0;
    for (let day = 0; day < 365; day += 1) {
      const today = now + day * DAY;
      if (nagAllows(record, today)) {
        shown += 1;
        record = afterNag(record, today);
      }
    }
    expect(shown).toBe(EXTENSION_NAG_MAX_COUNT);
  });
});

describe('the extension upsell after a create', () => {
  const base: ExtensionUpsellInput = { userAgent: UA.chrome, installed: false, experiments: { web_extension_upsell: 'enabled' }, nag: null, now };
  it.each<[string, Partial<ExtensionUpsellInput>, boolean]>([
    ['every condition met', {}, true],
    ['a browser that cannot take it', { userAgent: UA.safari }, false],
    ['a mobile browser', { userAgent: UA.androidChrome }, false],
    ['the extension installed', { installed: true }, false],
    ['the experiment in control', { experiments: { web_extension_upsell: 'control' } }, false],
    ['inside the nag window', { nag: { timestamp: now - DAY, count: 1 } }, false],
    ['after the nag window', { nag: { timestamp: now - EXTENSION_NAG_MIN_DAYS_BETWEEN * DAY, count: 1 } }, true],
    ['the nags used up', { nag: { timestamp: now - 100 * DAY, count: EXTENSION_NAG_MAX_COUNT } }, false],
  ])('%s', (_name, change, expected) => {
    expect(extensionUpsellEligible({ ...base, ...change })).toBe(expected);
  });
});

describe('the connect-account upsell after a create', () => {
  const settings: UserSettings = { connected_to_instagram: false, listed_website_url: 'https://www.instagram.com/hive.maker' };
  const base: ConnectAccountInput = {
    viewerId: 'u1', pinnerId: 'u1', experiments: { web_connect_account_upsell: 'enabled' }, pinLink: 'https://instagram.com/p/abc', seen: [], settings,
  };
  it.each<[string, Partial<ConnectAccountInput>, boolean]>([
    ['all seven conditions met', {}, true],
    ['1. a visitor (not logged in)', { viewerId: null }, false],
    ["2. not the viewer's own pin", { pinnerId: 'u2' }, false],
    ['3. the experiment in control', { experiments: { web_connect_account_upsell: 'control' } }, false],
    ['4. the url on another site', { pinLink: 'https://example.com/p/abc' }, false],
    ['4. no url', { pinLink: null }, false],
    ['4. a look-alike host', { pinLink: 'https://notinstagram.com/p/abc' }, false],
    ['4. the host only in the path', { pinLink: 'https://example.com/instagram.com' }, false],
    ['5. already seen', { seen: ['extension', CONNECT_ACCOUNT_UPSELL] }, false],
    ['5. another upsell seen', { seen: ['extension'] }, true],
    ['6. the account connected', { settings: { ...settings, connected_to_instagram: true } }, false],
    ['7. no listed website', { settings: { ...settings, listed_website_url: null } }, false],
    ['7. the listed website elsewhere', { settings: { ...settings, listed_website_url: 'https://hive.example' } }, false],
    ['the url on a subdomain, upper case', { pinLink: 'https://WWW.Instagram.com/p/abc' }, true],
  ])('%s', (_name, change, expected) => {
    expect(connectAccountUpsellEligible({ ...base, ...change })).toBe(expected);
  });

  it('records it as seen once', () => {
    expect(markSeen([], CONNECT_ACCOUNT_UPSELL)).toEqual([CONNECT_ACCOUNT_UPSELL]);
    expect(markSeen([CONNECT_ACCOUNT_UPSELL], CONNECT_ACCOUNT_UPSELL)).toEqual([CONNECT_ACCOUNT_UPSELL]);
  });
});

it('shows the extension upsell first, then connect-account, else none', () => {
  expect(upsellAfterCreate(true, true)).toBe('extension');
  expect(upsellAfterCreate(false, true)).toBe('connect_account');
  expect(upsellAfterCreate(false, false)).toBeNull();
});
