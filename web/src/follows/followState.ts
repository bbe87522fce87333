/** What a board's and a profile's answers say of follows: the viewer's state and, where given, the count. */
export interface Followable {
  followed_by_me: boolean;
  follower_count?: number;
}

/**
 * The answer as it reads once the viewer follows (`followed` true) or unfollows: the state
 * flips and the count moves by one, never below 0. Unchanged when already so (a second press
 * counts nothing, as on the server).
 */
export function withFollow<T extends Followable>(value: T, followed: boolean): T {
  if (value.followed_by_me === followed) return value;
  const count = value.follower_count;
  return { ...value, followed_by_me: followed, ...(count === undefined ? {} : { follower_count: Math.max(0, count + (followed ? 1 : -1)) }) };
}
