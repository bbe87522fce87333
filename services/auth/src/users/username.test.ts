import { RESERVED_USERNAMES, isReservedUsername } from '@pinhive/contracts';
import { firstNameFromEmail, usernameFrom, usernameFromEmail } from './username';

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

describe('reserved usernames (pages of the web app and the gateway)', () => {
  it('are never made from an email: they get digits from the first attempt, as taken names do', () => {
    for (const email of ['login@example.com', 'Sign.Up@example.com', 'v3@example.com', 'settings+x@example.com', 'search@example.com', 'resource@example.com']) {
      for (let attempt = 0; attempt < 4; attempt++) {
        const username = usernameFromEmail(email, attempt);
        expect(isReservedUsername(username)).toBe(false);
        expect(username).toMatch(/^[a-z0-9_]{3,30}$/);
      }
    }
    expect(usernameFromEmail('login@example.com')).toMatch(/^login\d{1,2}$/);
    expect(usernameFromEmail('v3@example.com')).toMatch(/^v3pin$/); // too short: padded, and not reserved
  });
  it('the padding of a name with no usable letters is reserved itself ("pin"), so it gets digits too', () => {
    expect(usernameFromEmail('..@example.com')).toMatch(/^pin\d{1,2}$/);
  });
  it('no reserved name that is a valid username comes out of the generator, whatever it starts from', () => {
    for (const name of RESERVED_USERNAMES) expect(isReservedUsername(usernameFrom(name))).toBe(false);
  });
  it('other names are left as they are', () => {
    expect(usernameFrom('loginpage')).toBe('loginpage');
    expect(usernameFrom('pinhead')).toBe('pinhead');
  });
});
