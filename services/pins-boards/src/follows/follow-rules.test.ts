import { FOLLOW_BULK_MAX } from '@pinhive/contracts';
import { boardFollowChange, isFollowing, NOT_FOLLOWING, parseFolloweeIds, TooManyFollowees, type BoardFollowAction } from './follow-rules';
import type { BoardFollowState } from './follow.model';

/** Applies actions in turn from not following, as the repository does one write at a time. */
function run(actions: BoardFollowAction[]) {
  let state: BoardFollowState = NOT_FOLLOWING;
  const events: string[] = [];
  for (const action of actions) {
    const { next, event } = boardFollowChange(state, action);
    state = next;
    if (event) events.push(`${event.type}${event.viaUser ? ' via user' : ''}`);
  }
  return { following: isFollowing(state), state, events };
}

describe('board follow changes', () => {
  it('following twice is following once: one event, and unfollowing what one does not follow is none', () => {
    expect(run(['follow', 'follow'])).toMatchObject({ following: true, events: ['followed'] });
    expect(run(['unfollow', 'unfollow'])).toMatchObject({ following: false, events: [] });
    expect(run(['follow', 'unfollow', 'unfollow'])).toMatchObject({ following: false, events: ['followed', 'unfollowed'] });
  });

  it("following the owner follows the board; unfollowing the owner unfollows what came only through them", () => {
    expect(run(['followViaUser'])).toMatchObject({ following: true, events: ['followed via user'] });
    expect(run(['followViaUser', 'unfollowViaUser'])).toMatchObject({ following: false, events: ['followed via user', 'unfollowed via user'] });
  });

  it('a board also followed on its own stays when its owner is unfollowed, and counts once', () => {
    expect(run(['follow', 'followViaUser', 'unfollowViaUser'])).toMatchObject({ following: true, events: ['followed'] });
    expect(run(['followViaUser', 'follow', 'unfollowViaUser'])).toMatchObject({ following: true, events: ['followed via user'] });
  });

  it('a board unfollowed while following its owner stays out until the owner is followed anew', () => {
    const out = run(['followViaUser', 'unfollow', 'followViaUser']);
    expect(out).toMatchObject({ following: false, events: ['followed via user', 'unfollowed'] });
    expect(out.state.optedOut).toBe(true);
    expect(run(['followViaUser', 'unfollow', 'unfollowViaUser', 'followViaUser'])).toMatchObject({ following: true });
    // Followed on its own, the opt-out is over.
    expect(run(['followViaUser', 'unfollow', 'follow'])).toMatchObject({ following: true, state: { optedOut: false } });
  });

  it('an unfollow of a board followed on its own does not opt out of its owner', () => {
    expect(run(['follow', 'unfollow', 'followViaUser'])).toMatchObject({ following: true, events: ['followed', 'unfollowed', 'followed via user'] });
  });
});

describe('bulk follow ids', () => {
  it('drops blanks and repeats, refuses malformed ids and the viewer, keeps the rest in order', () => {
    expect(parseFolloweeIds(' user-a, ,user-b,user-a,,me,not an id!,user_c ', 'me')).toEqual({
      candidates: ['user-a', 'user-b', 'user_c'],
      refused: [{ id: 'me', reason: 'self' }, { id: 'not an id!', reason: 'invalid' }],
    });
    expect(parseFolloweeIds('', 'me')).toEqual({ candidates: [], refused: [] });
  });

  it(`takes at most ${FOLLOW_BULK_MAX} distinct ids`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `user-${i}`);
    expect(parseFolloweeIds([...ids(FOLLOW_BULK_MAX), 'user-0'].join(','), 'me').candidates).toHaveLength(FOLLOW_BULK_MAX);
    expect(() => parseFolloweeIds(ids(FOLLOW_BULK_MAX + 1).join(','), 'me')).toThrow(TooManyFollowees);
  });
});
