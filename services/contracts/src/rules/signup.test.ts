import { ageOn, checkBirthday, EMAIL_FORMAT, isAscii } from './signup';

const now = new Date('2026-11-22T12:00:00Z');
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('sign-up rules', () => {
  it.each([
    [undefined, 'missing'],
    [seconds('2026-01-02T00:00:00Z'), 'invalid'],
    [seconds('2010-05-01T00:00:00Z'), 'underage'],
    [seconds('2008-11-23T00:00:00Z'), 'underage'],
    [seconds('2008-11-22T00:00:00Z'), 'ok'],
    [seconds('1906-11-22T00:00:00Z'), 'ok'],
    [seconds('1905-01-01T00:00:00Z'), 'over_age'],
  ])('birthday %s is %s', (birthday, verdict) => {
    expect(checkBirthday(birthday, now)).toBe(verdict);
  });

  it('counts whole years', () => {
    expect(ageOn(new Date('2000-11-23T00:00:00Z'), now)).toBe(25);
    expect(ageOn(new Date('2000-11-22T00:00:00Z'), now)).toBe(26);
  });

  it('email needs a local part, @ and a dotted domain', () => {
    expect(EMAIL_FORMAT.test('Ada@Example.COM')).toBe(true);
    for (const bad of ['ada', 'ada@example', '@example.com', 'a da@example.com', 'ada@example..com', 'ada@.example.com']) expect(EMAIL_FORMAT.test(bad)).toBe(false);
  });

  it('ASCII only', () => {
    expect(isAscii('p4ss?!$')).toBe(true);
    expect(isAscii('pässword')).toBe(false);
  });
});
