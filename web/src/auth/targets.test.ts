import { describe, expect, it } from '@jest/globals';
import { accountSwitchTarget, loginPathFor, loginSuccessTarget, mfaLoginSuccessTarget, signupSuccessTarget } from './targets';

describe('loginSuccessTarget', () => {
  it('follows a safe next parameter in either variant', () => {
    expect(loginSuccessTarget('page', { pathname: '/login', search: '?next=%2Fpin%2F12%2F' })).toBe('/pin/12/');
    expect(loginSuccessTarget('modal', { pathname: '/ada', search: '?next=/boards/' })).toBe('/boards/');
  });
  it('goes to the root when next points to another site', () => {
    expect(loginSuccessTarget('page', { pathname: '/login', search: '?next=https://evil.example/' })).toBe('/');
    expect(loginSuccessTarget('modal', { pathname: '/ada', search: '?next=//evil.example' })).toBe('/');
  });
  it('page without next: the root from /login and /signup, else the current address', () => {
    expect(loginSuccessTarget('page', { pathname: '/login', search: '' })).toBe('/');
    expect(loginSuccessTarget('page', { pathname: '/signup', search: '?x=1' })).toBe('/');
    expect(loginSuccessTarget('page', { pathname: '/pin/5/', search: '?x=1' })).toBe('/pin/5/?x=1');
  });
  it('modal without next: stay (null)', () => {
    expect(loginSuccessTarget('modal', { pathname: '/ada', search: '?x=1' })).toBeNull();
  });
  it('flyout: like the modal (stay without next, follow next)', () => {
    expect(loginSuccessTarget('flyout', { pathname: '/ada', search: '' })).toBeNull();
    expect(loginSuccessTarget('flyout', { pathname: '/ada', search: '?next=/boards/' })).toBe('/boards/');
  });
  it('the business log-in page: the root, or next', () => {
    expect(loginSuccessTarget('page', { pathname: '/business/login', search: '' })).toBe('/');
    expect(loginSuccessTarget('page', { pathname: '/business/login/', search: '?x=1' })).toBe('/');
    expect(loginSuccessTarget('page', { pathname: '/business/login', search: '?next=%2Fsettings%2Fsecurity' })).toBe('/settings/security');
  });
});

describe('signupSuccessTarget', () => {
  it('goes to the new profile', () => expect(signupSuccessTarget({ pathname: '/signup', search: '' }, 'ada_1')).toBe('/ada_1'));
  it('or to next', () =>
    expect(signupSuccessTarget({ pathname: '/signup', search: '?next=%2Fpin%2F1%2F' }, 'ada_1')).toBe('/pin/1/'));
});

describe('accountSwitchTarget', () => {
  it("is the new account's profile", () => expect(accountSwitchTarget('grace_h')).toBe('/grace_h'));
});

describe('mfaLoginSuccessTarget', () => {
  it('goes to the root in account-switch mode, even with next', () => {
    expect(mfaLoginSuccessTarget('page', { pathname: '/add-account', search: '' }, true)).toBe('/');
    expect(mfaLoginSuccessTarget('page', { pathname: '/add-account', search: '?next=/pin/1/' }, true)).toBe('/');
  });
  it('goes to the root from any path starting with /add-account', () => {
    expect(mfaLoginSuccessTarget('modal', { pathname: '/add-account/business', search: '' }, false)).toBe('/');
  });
  it('otherwise goes where an email log-in goes', () => {
    expect(mfaLoginSuccessTarget('page', { pathname: '/login', search: '?next=%2Fsettings%2Fsecurity' }, false)).toBe('/settings/security');
    expect(mfaLoginSuccessTarget('page', { pathname: '/login', search: '' }, false)).toBe('/');
    expect(mfaLoginSuccessTarget('modal', { pathname: '/ada', search: '' }, false)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('keeps the path readable in next', () => expect(loginPathFor('/settings/security')).toBe('/login?next=/settings/security'));
  it('encodes what would break the query', () => expect(loginPathFor('/a b?x=1&y=2')).toBe('/login?next=/a%20b%3Fx%3D1%26y%3D2'));
  it('round-trips through redirectTarget', () => {
    const search = loginPathFor('/pin/7/?ref=a&b=c').slice('/login'.length);
    expect(loginSuccessTarget('page', { pathname: '/login', search })).toBe('/pin/7/?ref=a&b=c');
  });
});
