import { describe, expect, it } from '@jest/globals';
import {
  isAscii,
  latestBirthday,
  parseIsoDate,
  validateBirthday,
  validateEmail,
  validatePassword,
  validateLogin,
  validateSignup,
} from './validation';

const NOW = new Date(2025, 5, 15); // 15 June 2025, local time

describe('validateEmail', () => {
  it('requires an email', () => {
    expect(validateEmail('')).toBe('email_required');
    expect(validateEmail('   ')).toBe('email_required');
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada@example.', 'ada@.com', 'a da@example.com', 'ada@@example.com'])(
    'rejects %s as not an email',
    (email) => expect(validateEmail(email)).toBe('email_format'),
  );

  it.each(['ada@example.com', 'ADA.Lovelace+pins@Example.CO.UK', '  ada@example.com  '])('accepts %s', (email) =>
    expect(validateEmail(email)).toBeUndefined(),
  );

  it('rejects non-ASCII characters with the ASCII message', () => {
    expect(validateEmail('adé@example.com')).toBe('non_ascii');
  });
});

describe('validatePassword', () => {
  it('requires a password', () => expect(validatePassword('')).toBe('password_required'));
  it('needs 6+ characters', () => {
    expect(validatePassword('12345')).toBe('password_too_short');
    expect(validatePassword('123456')).toBeUndefined();
  });
  it('is ASCII only', () => expect(validatePassword('pässwörd')).toBe('non_ascii'));
  it('keeps spaces as characters', () => expect(validatePassword('      ')).toBeUndefined());
});

describe('validateBirthday', () => {
  it('requires a birthday', () => expect(validateBirthday('', NOW)).toBe('birthday_required'));
  it('accepts 1 January of the current year and earlier', () => {
    expect(validateBirthday('2025-01-01', NOW)).toBeUndefined();
    expect(validateBirthday('1990-02-28', NOW)).toBeUndefined();
  });
  it('rejects later dates and impossible dates', () => {
    expect(validateBirthday('2025-01-02', NOW)).toBe('birthday_invalid');
    expect(validateBirthday('1990-02-30', NOW)).toBe('birthday_invalid');
    expect(validateBirthday('15/06/1990', NOW)).toBe('birthday_invalid');
  });
  it('names the latest accepted day', () => expect(latestBirthday(NOW)).toBe('2025-01-01'));
});

describe('helpers', () => {
  it('parses real calendar dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
  });
  it('detects non-ASCII', () => {
    expect(isAscii('abc!?$ ~')).toBe(true);
    expect(isAscii('ab😀')).toBe(false);
  });
});

describe('validateSignup', () => {
  it('reports every missing field of an empty form', () => {
    expect(validateSignup({ email: '', password: '', birthday: '' }, NOW)).toEqual({
      email: 'email_required',
      password: 'password_required',
      birthday: 'birthday_required',
    });
  });
  it('passes a complete form', () => {
    expect(validateSignup({ email: 'ada@example.com', password: 'secret1', birthday: '1990-06-15' }, NOW)).toEqual({});
  });
});

describe('validateLogin', () => {
  it('needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'email_required', password: 'password_required' });
  });
  it('checks the email format', () => {
    expect(validateLogin({ email: 'ada@example', password: 'secret1' })).toEqual({ email: 'email_format' });
  });
  it('calls a password under 6 characters incorrect without asking the server', () => {
    expect(validateLogin({ email: 'ada@example.com', password: '12345' })).toEqual({ password: 'login_password_incorrect' });
  });
  it('passes a complete form', () => {
    expect(validateLogin({ email: ' ada@example.com ', password: 'secret1' })).toEqual({});
  });
});
