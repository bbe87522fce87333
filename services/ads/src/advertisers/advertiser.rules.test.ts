import { ADVERTISER_MEMBERS_MAX, ADVERTISERS_PER_PERSON_MAX } from '@pinhive/contracts';
import { mayMakeAnother, ownerFirst, planAdd } from './advertiser.rules';

const advertiser = (memberIds: string[]) => ({ ownerId: 'owner', memberIds, memberCount: memberIds.length });
const full = advertiser(['owner', ...Array.from({ length: ADVERTISER_MEMBERS_MAX - 1 }, (_, i) => `m${i}`)]);

describe('adding a person to an advertiser', () => {
  it('adds someone new while both have room', () => {
    expect(planAdd(advertiser(['owner']), 'ada', 0)).toEqual({ kind: 'add' });
    expect(planAdd(advertiser(['owner']), 'ada', ADVERTISERS_PER_PERSON_MAX - 1)).toEqual({ kind: 'add' });
  });

  it('answers someone already in (the owner too) as they are, before any cap', () => {
    expect(planAdd(advertiser(['owner', 'ada']), 'ada', ADVERTISERS_PER_PERSON_MAX)).toEqual({ kind: 'already' });
    expect(planAdd(full, 'owner', ADVERTISERS_PER_PERSON_MAX)).toEqual({ kind: 'already' });
    expect(planAdd(full, 'm3', 0)).toEqual({ kind: 'already' });
  });

  it('refuses a full advertiser (the owner counted), then a person at their own cap', () => {
    expect(full.memberCount).toBe(ADVERTISER_MEMBERS_MAX);
    expect(planAdd(full, 'ada', 0)).toEqual({ kind: 'refused', code: 'advertiser_members_full' });
    expect(planAdd(advertiser(['owner']), 'ada', ADVERTISERS_PER_PERSON_MAX)).toEqual({ kind: 'refused', code: 'advertiser_too_many' });
  });
});

describe('advertisers of one person', () => {
  it('another may be made below the cap only', () => {
    expect(mayMakeAnother(0)).toBe(true);
    expect(mayMakeAnother(ADVERTISERS_PER_PERSON_MAX - 1)).toBe(true);
    expect(mayMakeAnother(ADVERTISERS_PER_PERSON_MAX)).toBe(false);
  });
});

describe('member lists', () => {
  it('show the owner first, then people in the order they were added', () => {
    expect(ownerFirst({ ownerId: 'owner', memberIds: ['owner', 'b', 'a'] })).toEqual(['owner', 'b', 'a']);
    expect(ownerFirst({ ownerId: 'owner', memberIds: ['b', 'owner', 'a'] })).toEqual(['owner', 'b', 'a']);
  });
});
