import { describe, expect, it } from '@jest/globals';
import { MAX_STORED_ACCOUNTS, type SessionUser, type StoredAccount } from '@pinhive/contracts';
import { accountAfterLogout, accountsForMenu, canAddAccount, displayName, initialsOf } from './accounts';

const user = (id: string, name = 'Ada Lovelace'): SessionUser => ({
  id,
  username: `user_${id}`,
  email: `${id}@example.com`,
  first_name: name.split(' ')[0] ?? '',
  last_name: '',
  full_name: name,
  image_medium_url: null,
  image_large_url: null,
});

const stored = (id: string, active = false): StoredAccount => ({
  id,
  username: `user_${id}`,
  email: `${id}@example.com`,
  fullName: `Person ${id}`,
  imageMediumUrl: null,
  imageLargeUrl: null,
  active,
});

describe('accountsForMenu', () => {
  it('is the viewer alone while the list is unknown', () => {
    expect(accountsForMenu(undefined, user('a'))).toEqual([
      { id: 'a', username: 'user_a', email: 'a@example.com', fullName: 'Ada Lovelace', imageMediumUrl: null, imageLargeUrl: null, active: true },
    ]);
  });
  it("keeps the server's order and marks the viewer active", () => {
    const menu = accountsForMenu([stored('b', true), stored('a')], user('a'));
    expect(menu.map((a) => [a.id, a.active])).toEqual([
      ['b', false],
      ['a', true],
    ]);
  });
  it('puts the viewer first when the list lacks them', () => {
    expect(accountsForMenu([stored('b')], user('a')).map((a) => [a.id, a.active])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });
});

describe('canAddAccount', () => {
  it(`allows up to ${MAX_STORED_ACCOUNTS} accounts`, () => {
    const accounts = Array.from({ length: MAX_STORED_ACCOUNTS - 1 }, (_, i) => stored(String(i)));
    expect(canAddAccount(accounts)).toBe(true);
    expect(canAddAccount([...accounts, stored('x')])).toBe(false);
  });
});

describe('accountAfterLogout', () => {
  it('is the first other account, or none', () => {
    expect(accountAfterLogout([stored('a', true), stored('b'), stored('c')], 'a')?.id).toBe('b');
    expect(accountAfterLogout([stored('b'), stored('a', true)], 'a')?.id).toBe('b');
    expect(accountAfterLogout([stored('a', true)], 'a')).toBeNull();
    expect(accountAfterLogout([], 'a')).toBeNull();
  });
});

describe('displayName and initialsOf', () => {
  it('falls back to the username', () => {
    expect(displayName({ fullName: '  ', username: 'ada_1' })).toBe('ada_1');
    expect(displayName({ fullName: 'Ada', username: 'ada_1' })).toBe('Ada');
  });
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  brewster murray hopper ')).toBe('GH');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('?');
  });
});
