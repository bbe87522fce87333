import { describe, expect, it } from '@jest/globals';
import { advertiserCreateBodySchema, advertiserMemberAddBodySchema, ADVERTISER_NAME_MAX_LENGTH, type Advertiser } from '@pinhive/contracts';
import { ApiError } from '../api/apiError';
import en from '../i18n/en.json';
import {
  actingFields,
  actingMenuEntries,
  actingStorageKey,
  advertiserErrorCode,
  advertiserNameProblem,
  boardFormRules,
  boardLocked,
  createBoardPrivacy,
  failureField,
  memberUsername,
  memberUsernameProblem,
  pickerOptions,
  readStoredActing,
  resolveActing,
  storedActingValue,
} from './rules';

const anAdvertiser = (id: string, role: Advertiser['role'], name = `Advertiser ${id}`): Advertiser => ({
  id,
  name,
  owner_id: role === 'owner' ? '100' : '200',
  role,
  member_count: 2,
  created_at: '2026-11-26T12:00:00.000Z',
});

describe('the acting choice in local storage', () => {
  it('is kept under one key per account', () => {
    expect(actingStorageKey('42')).toBe('pinhive.actingAs.42');
    expect(actingStorageKey('42')).not.toBe(actingStorageKey('43'));
  });

  it('reads back what was stored, and nothing from a damaged or foreign value', () => {
    const acme = anAdvertiser('7', 'member', 'Acme');
    expect(readStoredActing(storedActingValue(acme))).toEqual(acme);
    expect(readStoredActing(null)).toBeNull();
    expect(readStoredActing('')).toBeNull();
    expect(readStoredActing('{not json')).toBeNull();
    expect(readStoredActing(JSON.stringify({ id: '7' }))).toBeNull();
  });
});

describe('whom the viewer acts for', () => {
  const acme = anAdvertiser('7', 'member', 'Acme');

  it('is themself when nothing is stored', () => {
    expect(resolveActing(null, undefined)).toEqual({ advertiser: null, dropped: false });
    expect(resolveActing(null, [acme])).toEqual({ advertiser: null, dropped: false });
  });

  it('is the stored advertiser until the list answers (or when it failed)', () => {
    expect(resolveActing(acme, undefined)).toEqual({ advertiser: acme, dropped: false });
  });

  it("is the listed advertiser of that id, with the list's name and role", () => {
    const renamed = { ...acme, name: 'Acme Lamps', role: 'owner' as const };
    expect(resolveActing(acme, [anAdvertiser('1', 'owner'), renamed])).toEqual({ advertiser: renamed, dropped: false });
  });

  it('falls back to themself, and forgets the choice, once the advertiser is no longer listed', () => {
    expect(resolveActing(acme, [])).toEqual({ advertiser: null, dropped: true });
    expect(resolveActing(acme, [anAdvertiser('8', 'member')])).toEqual({ advertiser: null, dropped: true });
  });
});

describe('what the create-board form shows and sends', () => {
  it('for the viewer themself: the secret toggle and the invites, public or secret, no advertiser_id', () => {
    const rules = boardFormRules(null);
    expect(rules).toEqual({ advertiserId: null, secretToggle: true, invites: true, protectedSwitch: false });
    expect(createBoardPrivacy(rules, false)).toBe('public');
    expect(createBoardPrivacy(rules, true)).toBe('secret');
    expect(actingFields(null)).toEqual({});
  });

  it("on an advertiser's behalf: the protected switch instead, a protected board, advertiser_id sent", () => {
    const rules = boardFormRules(anAdvertiser('7', 'member'));
    expect(rules).toEqual({ advertiserId: '7', secretToggle: false, invites: false, protectedSwitch: true });
    expect(createBoardPrivacy(rules, false)).toBe('protected');
    expect(createBoardPrivacy(rules, true)).toBe('protected');
    expect(actingFields(anAdvertiser('7', 'member'))).toEqual({ advertiser_id: '7' });
  });

  it("for the advertiser's owner: the toggle and the invites stay, advertiser_id sent", () => {
    const rules = boardFormRules(anAdvertiser('9', 'owner'));
    expect(rules).toEqual({ advertiserId: '9', secretToggle: true, invites: true, protectedSwitch: false });
    expect(createBoardPrivacy(rules, true)).toBe('secret');
    expect(actingFields(anAdvertiser('9', 'owner'))).toEqual({ advertiser_id: '9' });
  });
});

describe("the board picker's options", () => {
  it("on an advertiser's behalf: advertiser_id with filter protected", () => {
    expect(pickerOptions(anAdvertiser('7', 'member'), '55')).toEqual({
      pin_id: '55',
      field_set_key: 'board_picker',
      shortlist_suggestions: 2,
      isDesktop: true,
      advertiser_id: '7',
      filter: 'protected',
    });
  });

  it("otherwise (themself, or the advertiser's owner): every board of the viewer", () => {
    const all = { field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true };
    expect(pickerOptions(null)).toEqual(all);
    expect(pickerOptions(anAdvertiser('9', 'owner'), '55')).toEqual({ pin_id: '55', ...all });
  });
});

describe('board settings of a board made for an advertiser', () => {
  const mine = [anAdvertiser('9', 'owner'), anAdvertiser('7', 'member')];

  it('are open on a board made for none', () => {
    expect(boardLocked({ advertiser_id: null }, undefined)).toBe(false);
    expect(boardLocked({}, mine)).toBe(false);
  });

  it("are open to the advertiser's owner only", () => {
    expect(boardLocked({ advertiser_id: '9' }, mine)).toBe(false);
    expect(boardLocked({ advertiser_id: '7' }, mine)).toBe(true);
    expect(boardLocked({ advertiser_id: '5' }, mine)).toBe(true);
  });

  it("stay locked until the viewer's advertisers are known", () => {
    expect(boardLocked({ advertiser_id: '9' }, undefined)).toBe(true);
  });
});

describe("the account menu's Act for group", () => {
  const list = [anAdvertiser('9', 'owner', 'Mine'), anAdvertiser('7', 'member', 'Acme')];

  it('is absent without advertisers', () => {
    expect(actingMenuEntries(undefined, null)).toEqual([]);
    expect(actingMenuEntries([], null)).toEqual([]);
  });

  it('lists Yourself then each advertiser, the current one checked', () => {
    expect(actingMenuEntries(list, null).map((e) => [e.advertiser?.name ?? 'Yourself', e.checked])).toEqual([
      ['Yourself', true],
      ['Mine', false],
      ['Acme', false],
    ]);
    expect(actingMenuEntries(list, { id: '7' }).map((e) => [e.advertiser?.name ?? 'Yourself', e.checked])).toEqual([
      ['Yourself', false],
      ['Mine', false],
      ['Acme', true],
    ]);
  });
});

describe('the business forms', () => {
  it("check an advertiser's name as the contracts do, with the same words", () => {
    expect(advertiserNameProblem('   ')).toBe('required');
    expect(advertiserNameProblem(' Hive Lamps ')).toBeNull();
    expect(advertiserNameProblem('x'.repeat(ADVERTISER_NAME_MAX_LENGTH))).toBeNull();
    expect(advertiserNameProblem('x'.repeat(ADVERTISER_NAME_MAX_LENGTH + 1))).toBe('tooLong');
    const required = advertiserCreateBodySchema.safeParse({ name: ' ' });
    const tooLong = advertiserCreateBodySchema.safeParse({ name: 'x'.repeat(ADVERTISER_NAME_MAX_LENGTH + 1) });
    expect(required.error?.issues[0]?.message).toBe(en.advertisers.create.nameRequired);
    expect(tooLong.error?.issues[0]?.message).toBe(en.advertisers.create.tooLong.replace('{{ maxLength }}', String(ADVERTISER_NAME_MAX_LENGTH)));
  });

  it('check a username as the contracts do, without a leading @', () => {
    expect(memberUsernameProblem(' ')).toBe('required');
    expect(memberUsernameProblem('@')).toBe('required');
    expect(memberUsernameProblem('x'.repeat(31))).toBe('tooLong');
    expect(memberUsername('  @grace ')).toBe('grace');
    expect(advertiserMemberAddBodySchema.safeParse({ username: ' ' }).error?.issues[0]?.message).toBe(en.advertisers.access.usernameRequired);
    expect(advertiserMemberAddBodySchema.safeParse({ username: 'x'.repeat(31) }).error?.issues[0]?.message).toBe(en.advertisers.access.usernameTooLong.replace('{{ maxLength }}', '30'));
  });

  it("say the advertiser codes in the catalogue's words, the rest in the server's", () => {
    const failure = (code: string, field?: string) => new ApiError({ code, message: 'm', message_detail: null, http_status: 409, ...(field ? { data: { field } } : {}) });
    expect(advertiserErrorCode(failure('advertiser_members_full'))).toBe('advertiser_members_full');
    expect(advertiserErrorCode(failure('bad_request'))).toBeNull();
    expect(advertiserErrorCode(new Error('advertiser_members_full'))).toBeNull();
    expect(failureField(failure('bad_request', 'name'))).toBe('name');
    expect(failureField(failure('advertiser_too_many'))).toBeNull();
  });
});
