import { firstNameFromEmail, usernameFromEmail } from './username';

describe('usernames', () => {
  it('come from the local part, lowercased, without the +tag and symbols', () => {
    expect(usernameFromEmail('Ada.Lovelace+pins@example.com')).toBe('adalovelace');
  });
  it('are at least 3 and at most 30 characters', () => {
    expect(usernameFromEmail('a@example.com')).toMatch(/^[a-z0-9_]{3,30}$/);
    expect(usernameFromEmail(`${'x'.repeat(40)}@example.com`)).toHaveLength(30);
    expect(usernameFromEmail(`${'x'.repeat(40)}@example.com`, 3)).toMatch(/^x+\d+$/);
    expect(usernameFromEmail(`${'x'.repeat(40)}@example.com`, 3).length).toBeLessThanOrEqual(30);
  });
  it('get digits appended on later attempts', () => {
    expect(usernameFromEmail('ada@example.com', 2)).toMatch(/^ada\d{1,3}$/);
  });
  it('first names come from the first word of the local part', () => {
    expect(firstNameFromEmail('ada.lovelace@example.com')).toBe('Ada');
  });
});
