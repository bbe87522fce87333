import type { ImageSpec } from '@pinhive/contracts';

export const FEED_ENTRIES_COLLECTION = 'feed_entries';

/** A home feed page reads buckets of this many entries, as a board page does. */
export const FEED_BUCKET_SIZE = 50;

/** A reader's feed counter (shared/list-numbers.ts): each entry takes the reader's next number. */
export const feedList = (readerId: string): string => `feed:${readerId}`;
export const feedEntryId = (readerId: string, pinId: string): string => `${readerId}:${pinId}`;
export const readerBoardKey = (readerId: string, boardId: string): string => `${readerId}:${boardId}`;

/**
 * One pin in one reader's home feed, written by the fan-out of its save (feed.fanout.ts). It
 * holds what a feed card shows, so that a page is one read by `bucket` and nothing per pin; the
 * keys below are each an indexed equality that one clean-up deletes by.
 */
export interface FeedEntryDoc {
  /** `<readerId>:<pinId>`: a redelivered save adds nothing (its insert clashes). */
  _id: string;
  readerId: string;
  pinId: string;
  /** A board made secret or deleted leaves every feed by it. */
  boardId: string;
  /** `<readerId>:<boardId>`: unfollowing a board takes its pins out of that reader's feed. */
  readerBoard: string;
  /** Its number in the reader's feed, and its bucket `<readerId>:<floor(n / FEED_BUCKET_SIZE)>`. */
  n: number;
  bucket: string;
  title: string;
  description: string;
  link: string | null;
  dominantColor: string;
  image236: ImageSpec;
  imageOrig: ImageSpec;
  boardName: string;
  pinnerId: string;
  /** When the pin was saved. */
  savedAt: Date;
}

/** What every entry of one save shares: the pin as a card shows it. */
export type FeedCard = Omit<FeedEntryDoc, '_id' | 'readerId' | 'readerBoard' | 'n' | 'bucket'>;
