import { describe, expect, it } from '@jest/globals';
import { loginSuccessTarget, signupSuccessTarget } from './targets';

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
});

describe('signupSuccessTarget', () => {
  it('goes to the new profile', () => expect(signupSuccessTarget({ pathname: '/signup', search: '' }, 'ada_1')).toBe('/ada_1'));
  it('or to next', () =>
    expect(signupSuccessTarget({ pathname: '/signup', search: '?next=%2Fpin%2F1%2F' }, 'ada_1')).toBe('/pin/1/'));
});
