import { AppError, authorize, can } from '@pinhive/kit';
import { profilePolicy } from './profile.policy';

const viewer = { userId: 'u2', sessionId: 's', username: 'grace', viewerType: 'AUTH' as const };

describe('profile policy', () => {
  it('anyone, signed in or not, reads an active account profile', () => {
    expect(can(undefined, 'read', { _id: 'u1', deactivatedAt: null }, profilePolicy)).toBe(true);
    expect(can(viewer, 'read', { _id: 'u1' }, profilePolicy)).toBe(true);
  });

  it("a deactivated account's profile answers the same 404 as an unknown username", () => {
    const answer = (subject: { _id: string; deactivatedAt?: Date | null } | null) => {
      try {
        authorize(viewer, 'read', subject, profilePolicy);
        return undefined;
      } catch (err) {
        return err instanceof AppError ? { status: err.status, code: err.code, message: err.message } : err;
      }
    };
    expect(answer({ _id: 'u1', deactivatedAt: new Date() })).toEqual(answer(null));
    expect(answer(null)).toMatchObject({ status: 404, message: 'User not found.' });
  });
});
