import { passkeyNameSchema } from '@pinhive/contracts';
import { counterAccepted, defaultPasskeyName, passkeyLoginAllowed, relyingParty, userHandleMatches, userHandleOf } from './passkey.rules';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

describe('relying party', () => {
  it("defaults to PUBLIC_URL's hostname and origin", () => {
    expect(relyingParty({ PUBLIC_URL: 'https://www.pinhive.example/app', PASSKEY_RP_NAME: 'Pinhive' })).toEqual({ id: 'www.pinhive.example', name: 'Pinhive', origin: 'https://www.pinhive.example' });
    expect(relyingParty({ PUBLIC_URL: 'http://localhost:8080', PASSKEY_RP_NAME: 'Pinhive' })).toEqual({ id: 'localhost', name: 'Pinhive', origin: 'http://localhost:8080' });
  });

  it('takes the hostname or a parent domain of it, never another site', () => {
    expect(relyingParty({ PUBLIC_URL: 'https://www.pinhive.example', PASSKEY_RP_ID: 'pinhive.example', PASSKEY_RP_NAME: 'P' }).id).toBe('pinhive.example');
    expect(() => relyingParty({ PUBLIC_URL: 'https://www.pinhive.example', PASSKEY_RP_ID: 'other.example', PASSKEY_RP_NAME: 'P' })).toThrow(/PASSKEY_RP_ID/);
    // A suffix that is not a whole label is another domain.
    expect(() => relyingParty({ PUBLIC_URL: 'https://mypinhive.example', PASSKEY_RP_ID: 'pinhive.example', PASSKEY_RP_NAME: 'P' })).toThrow(/PASSKEY_RP_ID/);
  });
});

describe('a passkey log-in stands for two factors only with user verification', () => {
  it.each([
    [true, true, true],
    [true, false, true],
    [false, false, true],
    [false, true, false],
  ])('verified %s, two-factor on %s: allowed %s', (userVerified, mfaOn, allowed) => {
    expect(passkeyLoginAllowed(userVerified, mfaOn)).toBe(allowed);
  });
});

describe('counter', () => {
  it('must grow, unless the authenticator keeps none (0 both times)', () => {
    expect(counterAccepted(0, 0)).toBe(true);
    expect(counterAccepted(0, 1)).toBe(true);
    expect(counterAccepted(5, 6)).toBe(true);
    expect(counterAccepted(5, 5)).toBe(false);
    expect(counterAccepted(5, 4)).toBe(false);
    // A counter that went back to 0 is a clone's (or a reset authenticator's).
    expect(counterAccepted(5, 0)).toBe(false);
  });
});

describe('user handle', () => {
  it("is the account id's bytes; an assertion's must name the passkey's account", () => {
    const handle = Buffer.from(userHandleOf('user-1')).toString('base64url');
    expect(userHandleMatches(handle, 'user-1')).toBe(true);
    expect(userHandleMatches(handle, 'user-2')).toBe(false);
    expect(userHandleMatches(undefined, 'user-1')).toBe(true);
    expect(userHandleMatches('', 'user-1')).toBe(true);
  });
});

describe('default name', () => {
  it('says the browser and device, or "Passkey"', () => {
    expect(defaultPasskeyName(MAC_CHROME, [])).toBe('Chrome on Mac');
    expect(defaultPasskeyName(IPHONE_SAFARI, [])).toBe('Safari on iPhone');
    expect(defaultPasskeyName(WINDOWS_EDGE, [])).toBe('Edge on Windows');
    expect(defaultPasskeyName(ANDROID_FIREFOX, [])).toBe('Firefox on Android');
    expect(defaultPasskeyName('curl/8.0', [])).toBe('Passkey');
    expect(defaultPasskeyName(undefined, [])).toBe('Passkey');
  });

  it('numbers a name the account has already', () => {
    expect(defaultPasskeyName(MAC_CHROME, ['chrome on mac'])).toBe('Chrome on Mac 2');
    expect(defaultPasskeyName(undefined, ['Passkey', 'Passkey 2'])).toBe('Passkey 3');
  });
});

describe('name', () => {
  it('is trimmed, without control characters, 1 to 64 characters', () => {
    expect(passkeyNameSchema.parse('  Work laptop \n')).toBe('Work laptop');
    expect(passkeyNameSchema.parse('a\u0000b')).toBe('ab');
    expect(passkeyNameSchema.safeParse('   ').success).toBe(false);
    expect(passkeyNameSchema.safeParse('x'.repeat(65)).success).toBe(false);
    expect(passkeyNameSchema.parse('x'.repeat(64))).toHaveLength(64);
  });
});
