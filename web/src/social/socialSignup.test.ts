import { describe, expect, it } from '@jest/globals';
import type { IdentityNotLinkedData } from '@pinhive/contracts';
import { ApiError } from '../api/apiError';
import { describeSocialRegisterFailure, nextSocialStep, socialRegisterRequest, showsWelcome, welcomeProgress, type SocialSignup } from './socialSignup';

const identity = (over: Partial<IdentityNotLinkedData> = {}): IdentityNotLinkedData => ({
  provider: 'google',
  email: 'ada@example.com',
  first_name: 'Ada',
  has_birthday: false,
  email_exists: false,
  ...over,
});
const signup = (over: Partial<IdentityNotLinkedData> = {}, rest: Partial<SocialSignup> = {}): SocialSignup => ({
  provider: over.provider ?? 'google',
  identity: identity(over),
  ...rest,
});
const apiError = (code: string, http_status: number, extra: { field?: string; message?: string } = {}) =>
  new ApiError({ code, message: extra.message ?? code, message_detail: null, http_status, ...(extra.field ? { data: { field: extra.field } } : {}) });

describe('nextSocialStep (what follows identity_not_linked)', () => {
  it('asks for the birthday when the provider vouched for none', () => {
    expect(nextSocialStep(signup())).toBe('socialSignupWithAge');
  });

  it('registers at once when the provider gave an email and a birthday that passes', () => {
    expect(nextSocialStep(signup({ has_birthday: true }))).toBe('register');
  });

  it('registers with the birthday typed on the SSO form or in the birthday step', () => {
    expect(nextSocialStep(signup({ provider: 'sso' }, { birthday: '1990-05-01' }))).toBe('register');
  });

  it('asks for an email when the provider gave none (a phone-only account), before the birthday', () => {
    expect(nextSocialStep(signup({ provider: 'facebook', email: null, has_birthday: true }))).toBe('EmailCollection');
    expect(nextSocialStep(signup({ provider: 'facebook', email: null }))).toBe('EmailCollection');
    expect(nextSocialStep(signup({ provider: 'facebook', email: null }, { email: 'ada@example.com' }))).toBe('socialSignupWithAge');
    expect(nextSocialStep(signup({ provider: 'facebook', email: null, has_birthday: true }, { email: 'ada@example.com' }))).toBe('register');
  });

  it('passes through the consents view when the experiment is on, once everything else is there', () => {
    expect(nextSocialStep(signup({ has_birthday: true }), true)).toBe('consents');
    expect(nextSocialStep(signup({}), true)).toBe('socialSignupWithAge');
    expect(nextSocialStep(signup({ has_birthday: true }, { consent: { privacy: true, marketing: true } }), true)).toBe('register');
  });

  it("shows the existing-email view when the provider's email has an account", () => {
    expect(nextSocialStep(signup({ email_exists: true }))).toBe('EmailAlreadyExist');
    expect(nextSocialStep(signup({ email_exists: true, has_birthday: true }, { birthday: '1990-05-01' }))).toBe('EmailAlreadyExist');
  });
});

describe('socialRegisterRequest', () => {
  it('sends the birthday in seconds, and no email, when the provider gave the email', () => {
    expect(socialRegisterRequest(signup({}, { birthday: '1990-05-01' }))).toEqual({ type: 'google', birthday: Date.UTC(1990, 4, 1) / 1000 });
  });

  it('registers a one-tap sign-up as google_one_tap (spec: social registration types)', () => {
    expect(socialRegisterRequest(signup({ has_birthday: true }, { oneTap: true }))).toEqual({ type: 'google_one_tap' });
  });

  it("leaves the birthday to the provider's when it passed", () => {
    expect(socialRegisterRequest(signup({ has_birthday: true }, { birthday: '1990-05-01' }))).toEqual({ type: 'google' });
  });

  it('sends the typed email only where the provider gave none, with a first name from it when there is none', () => {
    expect(socialRegisterRequest(signup({ provider: 'facebook', email: null, first_name: null, has_birthday: true }, { email: ' grace.hopper@example.com ' }))).toEqual({
      type: 'facebook',
      email: 'grace.hopper@example.com',
      first_name: 'Grace',
    });
    expect(socialRegisterRequest(signup({ provider: 'line', has_birthday: true }, { email: 'typed@example.com' }))).toEqual({ type: 'line' });
  });

  it('carries the consent answers when the consents view asked', () => {
    expect(socialRegisterRequest(signup({ provider: 'sso', has_birthday: true }, { consent: { privacy: true, marketing: false } }))).toEqual({
      type: 'sso',
      kr_privacy_consent_opt_in: true,
      marketing_notifs_opt_out: true,
    });
  });
});

describe('showsWelcome', () => {
  it('is the Google-kind sign-up only', () => {
    expect(showsWelcome('google')).toBe(true);
    expect(showsWelcome('facebook')).toBe(false);
    expect(showsWelcome('line')).toBe(false);
    expect(showsWelcome('sso')).toBe(false);
  });
});

describe('describeSocialRegisterFailure', () => {
  it('starts again when the held identity is gone', () => {
    expect(describeSocialRegisterFailure(apiError('identity_expired', 400), false)).toEqual({ type: 'restart', message: { source: 'error', code: 'identity_expired' } });
  });

  it('shows the existing-email view, the under-age confirmation, the birthday step', () => {
    expect(describeSocialRegisterFailure(apiError('email_exists', 409), true)).toEqual({ type: 'email_exists' });
    expect(describeSocialRegisterFailure(apiError('underage', 403, { field: 'birthday' }), false)).toEqual({ type: 'underage' });
    expect(describeSocialRegisterFailure(apiError('over_age', 400), false)).toEqual({ type: 'birthday', message: { source: 'error', code: 'over_age' } });
    expect(describeSocialRegisterFailure(apiError('birthday_missing', 400), false)).toEqual({ type: 'birthday', message: { source: 'error', code: 'birthday_missing' } });
  });

  it("puts the email's problems at the email step only for a typed email", () => {
    expect(describeSocialRegisterFailure(apiError('bad_request', 400, { field: 'email', message: 'Email is required' }), true)).toEqual({
      type: 'email',
      message: { source: 'social', code: 'emailRequired' },
    });
    expect(describeSocialRegisterFailure(apiError('email_brand_name', 400, { field: 'email' }), true)).toEqual({ type: 'email', message: { source: 'error', code: 'email_brand_name' } });
    expect(describeSocialRegisterFailure(apiError('email_brand_name', 400, { field: 'email' }), false)).toEqual({ type: 'alert', message: { source: 'error', code: 'email_brand_name' } });
  });

  it('says "Sorry! Something went wrong on our end." for an outage or no answer', () => {
    expect(describeSocialRegisterFailure(apiError('internal', 500), false)).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
    expect(describeSocialRegisterFailure(new Error('boom'), false)).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
  });
});

describe('welcomeProgress', () => {
  it('runs 6 seconds to 95%, easing out, and holds there', () => {
    expect(welcomeProgress(0, 6000, 95)).toBe(0);
    expect(welcomeProgress(3000, 6000, 95)).toBe(71);
    expect(welcomeProgress(6000, 6000, 95)).toBe(95);
    expect(welcomeProgress(60_000, 6000, 95)).toBe(95);
    expect(welcomeProgress(-5, 6000, 95)).toBe(0);
  });
});
