import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CONTROL_GROUPS, type ExperimentsResponse, type SavedPin, type UserSettings } from '@pinhive/contracts';
import { decideUpsell, type UpsellSources } from './decide';
import { CONNECT_ACCOUNT_UPSELL, EXTENSION_NAG_MIN_DAYS_BETWEEN } from './rules';
import { NAG_RECORD_KEY, seenUpsellsKey } from './storage';

/** The browser's local storage, as a map (the unit tests run in Node). */
const stored = new Map<string, string>();
Object.assign(globalThis, {
  window: { localStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) } },
});

const DAY = 24 * 60 * 60 * 1000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const pin = (link: string | null, pinnerId = 'u1') => ({ pin: { link, pinner: { id: pinnerId } } as SavedPin });
const groups = (on: Partial<ExperimentsResponse>): ExperimentsResponse => ({ ...CONTROL_GROUPS, ...on });
const listed: UserSettings = { connected_to_instagram: false, listed_website_url: 'https://instagram.com/hive' };

function sources(change: Partial<UpsellSources> = {}) {
  const calls = { installed: 0, settings: 0 };
  let now = Date.parse('2026-06-01T00:00:00Z');
  const base: UpsellSources = {
    viewerId: 'u1',
    userAgent: CHROME,
    experiments: () => Promise.resolve(groups({ web_extension_upsell: 'enabled', web_connect_account_upsell: 'enabled' })),
    extensionInstalled: () => (calls.installed++, Promise.resolve(false)),
    settings: () => (calls.settings++, Promise.resolve(listed)),
    now: () => now,
  };
  return { calls, src: { ...base, ...change }, later: (ms: number) => void (now += ms) };
}

beforeEach(() => stored.clear());

describe('the extension upsell', () => {
  it('shows after a create, counts the showing, and not again inside the nag window', async () => {
    const { src, later } = sources();
    expect(await decideUpsell(pin('https://example.com/'), src)).toBe('extension');
    expect(stored.get(NAG_RECORD_KEY)).toMatch(/^\d+_1$/);
    later(DAY);
    expect(await decideUpsell(pin('https://example.com/'), src)).toBeNull();
    later(EXTENSION_NAG_MIN_DAYS_BETWEEN * DAY);
    expect(await decideUpsell(pin('https://example.com/'), src)).toBe('extension');
    expect(stored.get(NAG_RECORD_KEY)).toMatch(/^\d+_2$/);
  });

  it('does not wait for the extension check when the experiment is off or the browser cannot take it', async () => {
    const off = sources({ experiments: () => Promise.resolve(CONTROL_GROUPS) });
    expect(await decideUpsell(pin(null), off.src)).toBeNull();
    const safari = sources({ userAgent: 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15' });
    expect(await decideUpsell(pin(null), safari.src)).toBeNull();
    expect(off.calls.installed + safari.calls.installed).toBe(0);
    expect(stored.has(NAG_RECORD_KEY)).toBe(false);
  });

  it('is not shown when the extension answers, nor when the experiments cannot be read', async () => {
    expect(await decideUpsell(pin(null), sources({ extensionInstalled: () => Promise.resolve(true) }).src)).toBeNull();
    expect(await decideUpsell(pin(null), sources({ experiments: () => Promise.reject(new Error('down')) }).src)).toBeNull();
    expect(stored.has(NAG_RECORD_KEY)).toBe(false);
  });
});

describe('the connect-account upsell', () => {
  const connectOnly = () => Promise.resolve(groups({ web_connect_account_upsell: 'enabled' }));

  it('shows once for a pin from the photo-sharing site, recorded as seen for this account', async () => {
    const { src, calls } = sources({ experiments: connectOnly });
    expect(await decideUpsell(pin('https://www.instagram.com/p/abc/'), src)).toBe('connect_account');
    expect(JSON.parse(stored.get(seenUpsellsKey('u1')) ?? '[]')).toEqual([CONNECT_ACCOUNT_UPSELL]);
    expect(await decideUpsell(pin('https://www.instagram.com/p/def/'), src)).toBeNull();
    // Seen: the settings are not asked again.
    expect(calls.settings).toBe(1);
    // Another account in the same browser has not seen it.
    expect(await decideUpsell(pin('https://www.instagram.com/p/abc/', 'u2'), { ...src, viewerId: 'u2' })).toBe('connect_account');
  });

  it('follows the extension upsell on a later create, not the same one', async () => {
    const { src, later } = sources();
    expect(await decideUpsell(pin('https://instagram.com/p/abc/'), src)).toBe('extension');
    later(DAY);
    expect(await decideUpsell(pin('https://instagram.com/p/abc/'), src)).toBe('connect_account');
  });

  it.each<[string, Partial<UpsellSources>, ReturnType<typeof pin>]>([
    ['a visitor', { viewerId: null }, pin('https://instagram.com/p/abc/')],
    ['a pin from elsewhere', {}, pin('https://example.com/p/abc/')],
    ['a connected account', { settings: () => Promise.resolve({ ...listed, connected_to_instagram: true }) }, pin('https://instagram.com/p/abc/')],
    ['no listed website', { settings: () => Promise.resolve({ ...listed, listed_website_url: null }) }, pin('https://instagram.com/p/abc/')],
    ['settings that cannot be read', { settings: () => Promise.reject(new Error('down')) }, pin('https://instagram.com/p/abc/')],
  ])('is not shown for %s, and nothing is recorded', async (_name, change, created) => {
    expect(await decideUpsell(created, sources({ experiments: connectOnly, ...change }).src)).toBeNull();
    expect(stored.size).toBe(0);
  });
});

it('reads no settings for a pin that could never qualify', async () => {
  const settings = jest.fn(() => Promise.resolve(listed));
  await decideUpsell(pin('https://example.com/'), sources({ experiments: () => Promise.resolve(groups({ web_connect_account_upsell: 'enabled' })), settings }).src);
  expect(settings).not.toHaveBeenCalled();
});
