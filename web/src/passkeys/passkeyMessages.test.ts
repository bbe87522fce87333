import { describe, expect, it } from '@jest/globals';
import { errorCatalogue, MAX_PASSKEYS, PASSKEY_NAME_MAX } from '@pinhive/contracts';
import { ApiError, NetworkError } from '../api/client';
import en from '../i18n/en.json';
import { describePasskeyFailure, formatPasskeyDate, validatePasskeyName } from './passkeyMessages';

const apiError = (code: string, http_status: number, message = `server says ${code}`) => new ApiError({ code, message, message_detail: null, http_status });
/** What @simplewebauthn/browser throws: the DOMException's name, and its own code. */
const browserError = (name: string, code = 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') => Object.assign(new Error('refused'), { name, code });

describe('describePasskeyFailure', () => {
  it("says the browser's refusals in our words: cancelled, already on this device, not on this address", () => {
    expect(describePasskeyFailure(browserError('NotAllowedError'), 'login')).toEqual({ kind: 'message', key: 'loginCancelled' });
    expect(describePasskeyFailure(browserError('NotAllowedError'), 'add')).toEqual({ kind: 'message', key: 'addCancelled' });
    expect(describePasskeyFailure(browserError('AbortError', 'ERROR_CEREMONY_ABORTED'), 'login')).toEqual({ kind: 'message', key: 'loginCancelled' });
    expect(describePasskeyFailure(browserError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'), 'add')).toEqual({ kind: 'message', key: 'alreadyOnDevice' });
    expect(describePasskeyFailure(browserError('SecurityError', 'ERROR_INVALID_DOMAIN'), 'login')).toEqual({ kind: 'message', key: 'unavailable' });
    expect(describePasskeyFailure(browserError('NotSupportedError'), 'add')).toEqual({ kind: 'message', key: 'unsupported' });
    expect(describePasskeyFailure(new TypeError('odd'), 'login')).toEqual({ kind: 'message', key: 'generic' });
  });

  it("says the server's passkey codes and the log-in limits in our words", () => {
    expect(describePasskeyFailure(apiError('passkey_invalid', 401), 'login')).toEqual({ kind: 'message', key: 'passkey_invalid' });
    expect(describePasskeyFailure(apiError('passkey_verification_required', 401), 'login')).toEqual({ kind: 'message', key: 'passkey_verification_required' });
    expect(describePasskeyFailure(apiError('login_rate_limited', 429), 'login')).toEqual({ kind: 'message', key: 'login_rate_limited' });
    expect(describePasskeyFailure(apiError('passkey_limit', 409), 'add')).toEqual({ kind: 'message', key: 'passkey_limit' });
    expect(describePasskeyFailure(apiError('passkey_not_found', 404), 'settings')).toEqual({ kind: 'message', key: 'passkey_not_found' });
  });

  it("takes a 401 in the settings for an ended session, never at log-in (where 401s are the log-in's answers)", () => {
    expect(describePasskeyFailure(apiError('unauthorized', 401), 'settings')).toEqual({ kind: 'logged_out' });
    expect(describePasskeyFailure(apiError('unauthorized', 401), 'add')).toEqual({ kind: 'logged_out' });
    expect(describePasskeyFailure(apiError('deactivated', 403, 'Your account has been deactivated.'), 'login')).toEqual({ kind: 'server', text: 'Your account has been deactivated.' });
    expect(describePasskeyFailure(apiError('unauthorized', 401, 'Log in to continue.'), 'login')).toEqual({ kind: 'server', text: 'Log in to continue.' });
  });

  it("shows other answers in the server's words, and an outage as the generic message", () => {
    expect(describePasskeyFailure(apiError('bad_request', 400, 'Give your passkey a name.'), 'settings')).toEqual({ kind: 'server', text: 'Give your passkey a name.' });
    expect(describePasskeyFailure(apiError('internal', 500), 'settings')).toEqual({ kind: 'message', key: 'generic' });
    expect(describePasskeyFailure(new NetworkError(new Error('offline')), 'login')).toEqual({ kind: 'message', key: 'generic' });
  });
});

describe('the words', () => {
  it("are the contracts' for the server's passkey codes", () => {
    const catalogue: Record<string, { message: string }> = errorCatalogue;
    const codes = Object.keys(en.passkeys.messages).filter((k) => k.startsWith('passkey_'));
    expect(codes).toHaveLength(7);
    for (const code of codes) expect({ code, text: en.passkeys.messages[code as keyof typeof en.passkeys.messages] }).toEqual({ code, text: catalogue[code]!.message });
    expect(en.passkeys.messages.passkey_limit).toContain(String(MAX_PASSKEYS));
    expect(en.passkeys.messages.login_rate_limited).toBe(errorCatalogue.login_rate_limited.message);
  });
});

describe('validatePasskeyName', () => {
  it('requires a name of at most the limit, once trimmed', () => {
    expect(validatePasskeyName('   ', PASSKEY_NAME_MAX)).toBe('nameRequired');
    expect(validatePasskeyName(` ${'x'.repeat(PASSKEY_NAME_MAX)} `, PASSKEY_NAME_MAX)).toBeUndefined();
    expect(validatePasskeyName('x'.repeat(PASSKEY_NAME_MAX + 1), PASSKEY_NAME_MAX)).toBe('nameTooLong');
    expect(en.passkeys.messages.nameTooLong).toContain(String(PASSKEY_NAME_MAX + 1));
  });
});

describe('formatPasskeyDate', () => {
  it('is the day, as people read it', () => {
    expect(formatPasskeyDate('2026-03-03T10:00:00.000Z', 'en')).toBe('March 3, 2026');
    expect(formatPasskeyDate('2026-03-03T10:00:00.000Z', 'en-GB')).toBe('3 March 2026');
  });
});
