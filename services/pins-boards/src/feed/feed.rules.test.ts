import { FEED_BUCKET_SIZE } from './feed.model';
import { FANOUT_MAX_FOLLOWERS, fansOut, feedEntry, feedReaders } from './feed.rules';
import type { FeedCard } from './feed.model';

const card: FeedCard = {
  pinId: '42', boardId: '7', boardName: 'Lamps', pinnerId: 'ada', title: 'A lamp', description: '', link: null, dominantColor: '#aabbcc',
  image236: { url: '/media/236x/a.png', width: 236, height: 300 }, imageOrig: { url: '/media/orig/a.png', width: 600, height: 760 }, savedAt: new Date(0),
};

it('fans a save out up to the cap of followers, not beyond', () => {
  expect(fansOut(0)).toBe(true);
  expect(fansOut(FANOUT_MAX_FOLLOWERS)).toBe(true);
  expect(fansOut(FANOUT_MAX_FOLLOWERS + 1)).toBe(false);
});

it('gives each follower one entry, and none to the pinner', () => {
  expect(feedReaders(['grace', 'ada', 'grace', 'bea'], 'ada')).toEqual(['grace', 'bea']);
});

it("keys an entry by reader and pin, its bucket by the reader's number, and its clean-ups by board and pin", () => {
  const entry = feedEntry('grace', 2 * FEED_BUCKET_SIZE + 3, card);
  expect(entry).toMatchObject({ _id: 'grace:42', readerId: 'grace', readerBoard: 'grace:7', boardId: '7', pinId: '42', n: 103, bucket: 'grace:2', boardName: 'Lamps' });
  expect(feedEntry('grace', FEED_BUCKET_SIZE - 1, card).bucket).toBe('grace:0');
  expect(feedEntry('grace', FEED_BUCKET_SIZE, card).bucket).toBe('grace:1');
});
