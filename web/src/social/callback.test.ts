import { describe, expect, it } from '@jest/globals';
import { callbackProvider, readCallback, readPopupMessage, stateOf } from './callback';

describe('readCallback (the callback page reads its address)', () => {
  it("reads SSO's code, state and issuer from the query", () => {
    expect(readCallback('sso', '?code=abc&state=s1&iss=https%3A%2F%2Fidp.test', '')).toEqual({
      type: 'social-connect-complete',
      provider: 'sso',
      state: 's1',
      params: { code: 'abc', iss: 'https://idp.test' },
    });
  });

  it("reads an ID token or an access token from the fragment, and not the query's", () => {
    expect(readCallback('google', '', '#id_token=t.k.n&state=s2')).toEqual({
      type: 'social-connect-complete',
      provider: 'google',
      state: 's2',
      params: { id_token: 't.k.n' },
    });
    expect(readCallback('facebook', '?access_token=planted', '#access_token=fb&id_token=ignored&state=s3')).toMatchObject({
      type: 'social-connect-complete',
      params: { access_token: 'fb' },
    });
    expect(readCallback('line', '?id_token=planted&state=s4', '')).toMatchObject({ type: 'social-connect-error', error: 'invalid_response' });
  });

  it('passes on a cancel or an error, from either part', () => {
    expect(readCallback('sso', '?error=access_denied&state=s1', '')).toEqual({
      type: 'social-connect-error',
      provider: 'sso',
      state: 's1',
      error: 'access_denied',
    });
    expect(readCallback('google', '', '#error=access_denied&state=s2')).toMatchObject({ type: 'social-connect-error', error: 'access_denied', state: 's2' });
    expect(readCallback('google', '?error=server_error', '')).toMatchObject({ type: 'social-connect-error', error: 'server_error', state: null });
  });

  it('calls an answer without its state or its credential an invalid response', () => {
    expect(readCallback('sso', '?code=abc', '')).toMatchObject({ type: 'social-connect-error', error: 'invalid_response' });
    expect(readCallback('google', '', '#state=s2')).toMatchObject({ type: 'social-connect-error', error: 'invalid_response', state: 's2' });
    expect(readCallback('facebook', '', '#id_token=x&state=s3')).toMatchObject({ type: 'social-connect-error', error: 'invalid_response' });
  });
});

describe('callbackProvider', () => {
  it('knows the providers and nothing else', () => {
    expect(callbackProvider('google')).toBe('google');
    expect(callbackProvider('line')).toBe('line');
    expect(callbackProvider('facebook')).toBe('facebook');
    expect(callbackProvider('sso')).toBe('sso');
    expect(callbackProvider('twitter')).toBeNull();
    expect(callbackProvider(undefined)).toBeNull();
  });
});

describe('stateOf', () => {
  it('reads the state of an authorisation address', () => {
    expect(stateOf('https://idp.test/auth?client_id=c&state=xyz&nonce=n')).toBe('xyz');
    expect(stateOf('https://idp.test/auth?client_id=c')).toBeNull();
    expect(stateOf('not a url')).toBeNull();
  });
});

describe('readPopupMessage (the opener reads a post)', () => {
  const expected = { provider: 'google', state: 'good' } as const;

  it('takes the answer for this provider and state', () => {
    expect(readPopupMessage({ type: 'social-connect-complete', provider: 'google', state: 'good', params: { id_token: 'tok', extra: 'x' } }, expected)).toEqual({
      kind: 'answered',
      params: { id_token: 'tok' },
    });
  });

  it('refuses an answer carrying another state', () => {
    expect(readPopupMessage({ type: 'social-connect-complete', provider: 'google', state: 'other', params: { id_token: 'tok' } }, expected)).toEqual({
      kind: 'failed',
      reason: 'state_mismatch',
    });
    expect(readPopupMessage({ type: 'social-connect-error', provider: 'google', state: null, error: 'access_denied' }, expected)).toEqual({
      kind: 'failed',
      reason: 'state_mismatch',
    });
  });

  it('reads a cancel as denied and other errors as failures', () => {
    expect(readPopupMessage({ type: 'social-connect-error', provider: 'google', state: 'good', error: 'access_denied' }, expected)).toEqual({ kind: 'denied' });
    expect(readPopupMessage({ type: 'social-connect-error', provider: 'google', state: 'good', error: 'server_error' }, expected)).toEqual({
      kind: 'failed',
      reason: 'server_error',
    });
  });

  it('fails an answer without its credential', () => {
    expect(readPopupMessage({ type: 'social-connect-complete', provider: 'google', state: 'good', params: { code: 'c' } }, expected)).toEqual({
      kind: 'failed',
      reason: 'invalid_response',
    });
  });

  it("ignores posts that are not a sign-in message for this provider", () => {
    expect(readPopupMessage('hello', expected)).toBeNull();
    expect(readPopupMessage(null, expected)).toBeNull();
    expect(readPopupMessage({ type: 'something-else', provider: 'google', state: 'good' }, expected)).toBeNull();
    expect(readPopupMessage({ type: 'social-connect-complete', provider: 'line', state: 'good', params: { id_token: 't' } }, expected)).toBeNull();
  });
});
