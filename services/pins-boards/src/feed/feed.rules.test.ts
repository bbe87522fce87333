import { feedMember, parseMember } from './feed.model';
import { FANOUT_MAX_FOLLOWERS, fansOut, feedReaders, inFeeds, isAfter } from './feed.rules';

it('fans a save out up to the cap of followers, not beyond', () => {
  expect(fansOut(0)).toBe(true);
  expect(fansOut(FANOUT_MAX_FOLLOWERS)).toBe(true);
  expect(fansOut(FANOUT_MAX_FOLLOWERS + 1)).toBe(false);
});

it('gives each follower one entry, and none to the pinner', () => {
  expect(feedReaders(['grace', 'ada', 'grace', 'bea'], 'ada')).toEqual(['grace', 'bea']);
});

it('names an entry by its pin and the board it was saved to', () => {
  expect(feedMember('42', '7')).toBe('42:7');
  expect(parseMember('42:7')).toEqual({ pinId: '42', boardId: '7' });
  expect(parseMember('~')).toBeUndefined();
});

it('pages past the last entry shown, and past saves of the same millisecond in the order Redis gives them', () => {
  const key = { at: 1000, member: '50:7' };
  expect(isAfter({ score: 1001, member: '99:7' }, key)).toBe(false);
  expect(isAfter({ score: 1000, member: '50:7' }, key)).toBe(false);
  expect(isAfter({ score: 1000, member: '60:7' }, key)).toBe(false);
  expect(isAfter({ score: 1000, member: '40:7' }, key)).toBe(true);
  expect(isAfter({ score: 999, member: '99:7' }, key)).toBe(true);
  expect(isAfter({ score: 5, member: '1:1' }, undefined)).toBe(true);
});

it("puts only a public board's pins in feeds, not a secret, protected, deleted or missing one's", () => {
  expect(inFeeds({ privacy: 'public', deletedAt: null })).toBe(true);
  expect(inFeeds({ privacy: 'secret', deletedAt: null })).toBe(false);
  expect(inFeeds({ privacy: 'protected', deletedAt: null })).toBe(false);
  expect(inFeeds({ privacy: 'public', deletedAt: new Date() })).toBe(false);
  expect(inFeeds(null)).toBe(false);
});
