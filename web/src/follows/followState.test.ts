import { describe, expect, it } from '@jest/globals';
import { withFollow } from './followState';

describe('an optimistic follow', () => {
  it('flips the state and moves the count by one', () => {
    expect(withFollow({ followed_by_me: false, follower_count: 4 }, true)).toEqual({ followed_by_me: true, follower_count: 5 });
    expect(withFollow({ followed_by_me: true, follower_count: 5 }, false)).toEqual({ followed_by_me: false, follower_count: 4 });
  });

  it('changes nothing when already so, never counts below 0, and leaves out a count that is not there', () => {
    const following = { followed_by_me: true, follower_count: 3 };
    expect(withFollow(following, true)).toBe(following);
    expect(withFollow({ followed_by_me: true, follower_count: 0 }, false)).toEqual({ followed_by_me: false, follower_count: 0 });
    expect(withFollow({ followed_by_me: false }, true)).toEqual({ followed_by_me: true });
  });
});
