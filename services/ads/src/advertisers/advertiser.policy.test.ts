import { AppError } from '@pinhive/kit';
import { advertiserPolicy, authorizeAdvertiser, removalAction, type AdvertiserAction, type AdvertiserSubject } from './advertiser.policy';

const viewer = (userId: string) => ({ userId, sessionId: 's', username: userId, viewerType: 'AUTH' as const });
const owner = viewer('owner');
const member = viewer('member');
const stranger = viewer('stranger');
const advertiser: AdvertiserSubject = { ownerId: 'owner', memberIds: ['owner', 'member'] };

/** What authorizeAdvertiser answers: nothing when allowed, else the error's code and status. */
function answer(who: ReturnType<typeof viewer>, action: AdvertiserAction, subject: AdvertiserSubject | null = advertiser) {
  try {
    authorizeAdvertiser(who, action, subject);
    return 'allowed';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return `${err.status} ${err.code}`;
  }
}

describe('advertiser policy', () => {
  it('the owner and the people who may act for it read it; to anyone else it does not exist', () => {
    expect(answer(owner, 'read')).toBe('allowed');
    expect(answer(member, 'read')).toBe('allowed');
    expect(answer(stranger, 'read')).toBe('404 advertiser_not_found');
    // Exactly as a missing one, for every action: a stranger learns nothing of it.
    for (const action of ['read', 'manage', 'leave'] as const) expect(answer(stranger, action)).toBe(answer(owner, action, null));
  });

  it('everyone who may act for it promotes for it; a stranger finds no advertiser', () => {
    expect(answer(owner, 'promote')).toBe('allowed');
    expect(answer(member, 'promote')).toBe('allowed');
    expect(answer(stranger, 'promote')).toBe('404 advertiser_not_found');
  });

  it('only the owner lets people act for it or stops them', () => {
    expect(answer(owner, 'manage')).toBe('allowed');
    expect(answer(member, 'manage')).toBe('403 advertiser_owner_only');
  });

  it('a member may leave; the owner stays', () => {
    expect(answer(member, 'leave')).toBe('allowed');
    expect(answer(owner, 'leave')).toBe('400 advertiser_owner_stays');
  });

  it('taking oneself out is leaving, taking anyone else out is managing', () => {
    expect(removalAction(member, 'member')).toBe('leave');
    expect(removalAction(owner, 'owner')).toBe('leave');
    expect(removalAction(owner, 'member')).toBe('manage');
    // A member taking out the owner (or another member) is refused as not the owner.
    expect(answer(member, removalAction(member, 'owner'))).toBe('403 advertiser_owner_only');
  });

  it('the owner counts as in even if missing from the list (the rules never rely on it)', () => {
    expect(advertiserPolicy.rules.read(owner, { ownerId: 'owner', memberIds: [] })).toBe(true);
    expect(advertiserPolicy.rules.read(undefined, advertiser)).toBe(false);
  });
});
