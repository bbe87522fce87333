import { AppError, can } from '@pinhive/kit';
import { authorizeAdvertised, boardPolicy, type BoardSubject } from './board.policy';

const person = (userId: string) => ({ userId, sessionId: 's', username: userId, viewerType: 'AUTH' as const });
const owner = person('u-owner');
const collaborator = person('u-collab');
const stranger = person('u-stranger');
const board = (extra: Partial<BoardSubject> = {}): BoardSubject => ({ ownerId: owner.userId, privacy: 'public', collaboratorIds: [collaborator.userId], ...extra });

/** The refusal authorizeAdvertised throws, as the client reads it; undefined when allowed. */
function refusal(...args: Parameters<typeof authorizeAdvertised>) {
  try {
    authorizeAdvertised(...args);
    return undefined;
  } catch (err) {
    return err instanceof AppError ? { status: err.status, code: err.code } : err;
  }
}

describe('board policy: privacy and invitations', () => {
  it('a board made for no advertiser: its owner alone, as before', () => {
    for (const action of ['setPrivacy', 'invite'] as const) {
      expect(can(owner, action, board(), boardPolicy)).toBe(true);
      expect(can(collaborator, action, board(), boardPolicy)).toBe(false);
      expect(refusal(owner, action, board())).toBeUndefined();
      expect(refusal(collaborator, action, board())).toEqual({ status: 403, code: 'forbidden' });
      // A secret board stays hidden: 404, never a hint that an advertiser is involved.
      expect(refusal(stranger, action, board({ privacy: 'secret', advertiserId: 'a1' }))).toEqual({ status: 404, code: 'not_found' });
    }
  });

  it("a board made for an advertiser: its owner, when they own the advertiser too (section 6)", () => {
    for (const action of ['setPrivacy', 'invite'] as const) {
      expect(can(owner, action, board({ advertiserId: 'a1', advertiserRole: 'owner' }), boardPolicy)).toBe(true);
      expect(refusal(owner, action, board({ advertiserId: 'a1', advertiserRole: 'owner' }))).toBeUndefined();
    }
  });

  it('acting on behalf of an advertiser, or no longer for it, or the role not looked up: advertiser_owner_only', () => {
    for (const action of ['setPrivacy', 'invite'] as const) {
      for (const advertiserRole of ['member', null, undefined] as const) {
        const subject = board({ privacy: 'protected', advertiserId: 'a1', advertiserRole });
        expect(can(owner, action, subject, boardPolicy)).toBe(false);
        expect(refusal(owner, action, subject)).toEqual({ status: 403, code: 'advertiser_owner_only' });
      }
      // Someone the board's own rules refuse anyway gets the usual refusal, whatever their role.
      expect(refusal(collaborator, action, board({ advertiserId: 'a1', advertiserRole: 'owner' }))).toEqual({ status: 403, code: 'forbidden' });
      expect(refusal(collaborator, action, board({ advertiserId: 'a1', advertiserRole: 'member' }))).toEqual({ status: 403, code: 'forbidden' });
    }
  });

  it('the rest of a board made for an advertiser is its own rules: its owner writes, archives and deletes it', () => {
    const subject = board({ privacy: 'protected', advertiserId: 'a1', advertiserRole: 'member' });
    expect(can(owner, 'write', subject, boardPolicy)).toBe(true);
    expect(can(owner, 'delete', subject, boardPolicy)).toBe(true);
    expect(can(stranger, 'read', subject, boardPolicy)).toBe(true);
    expect(can(stranger, 'follow', subject, boardPolicy)).toBe(false);
  });
});
