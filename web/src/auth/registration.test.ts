import { describe, expect, it } from '@jest/globals';
import { birthdayToSeconds, buildRegisterRequest, consentFields, firstNameFromEmail } from './registration';

describe('birthdayToSeconds', () => {
  it('is the seconds timestamp of 00:00 UTC that day', () => {
    expect(birthdayToSeconds('1970-01-02')).toBe(86_400);
    expect(birthdayToSeconds('1995-06-15')).toBe(803_174_400);
  });
  it('refuses something that is not a date', () => expect(() => birthdayToSeconds('nope')).toThrow(RangeError));
});

describe('firstNameFromEmail', () => {
  it.each([
    ['ada@example.com', 'Ada'],
    ['ada.lovelace@example.com', 'Ada'],
    ['ada+pins@example.com', 'Ada'],
    ['e2e+1700000000000@example.com', 'E2e'],
    ['.ada@example.com', 'Ada'],
  ])('%s → %s', (email, name) => expect(firstNameFromEmail(email)).toBe(name));
});

describe('buildRegisterRequest', () => {
  it('builds the email-type registration payload', () => {
    const payload = buildRegisterRequest({ email: ' ada.l@example.com ', password: 'secret1', birthday: '1995-06-15' });
    expect(payload).toEqual({
      type: 'email',
      email: 'ada.l@example.com',
      password: 'secret1',
      birthday: 803_174_400,
      first_name: 'Ada',
      last_name: '',
      recaptchaV3Token: 'default',
      country: undefined,
    });
  });

  it('adds the consent fields only when the consents view gave them', () => {
    const values = { email: 'ada@example.com', password: 'secret1', birthday: '1995-06-15' };
    expect(buildRegisterRequest(values)).not.toHaveProperty('kr_privacy_consent_opt_in');
    expect(buildRegisterRequest(values, { privacy: true, marketing: false })).toMatchObject({
      first_name: 'Ada',
      kr_privacy_consent_opt_in: true,
      marketing_notifs_opt_out: true,
    });
  });
});

describe('consentFields', () => {
  it('sends the agreement as given, and the marketing box as an opt-out', () => {
    expect(consentFields({ privacy: true, marketing: false })).toEqual({ kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: true });
    expect(consentFields({ privacy: true, marketing: true })).toEqual({ kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: false });
    expect(consentFields({ privacy: false, marketing: false })).toMatchObject({ kr_privacy_consent_opt_in: false });
  });
});
