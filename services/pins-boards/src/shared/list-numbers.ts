import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@pinhive/kit';
import { NumberBlocks } from './number-blocks';

export const LIST_NUMBERS_COLLECTION = 'list_numbers';

/** One counter per list: `<list>:<owner>` (`board-followers:<boardId>`, `feed:<readerId>`...). */
interface ListNumberDoc {
  _id: string;
  /** The last number handed out (or reserved in a block) in the list. */
  n: number;
}

/**
 * Numbers of the lists the store cannot sort (follower lists, home feeds): an item takes the
 * list's next number, and its bucket key `<owner>:<floor(n / size)>` is what pages read by
 * equality, newest bucket first, as board pages do with their pins. Numbers come from a counter
 * document per list, `$inc`'d a block at a time (NumberBlocks: a busy list costs one write per
 * several items). A counter that was never written is a list that never had an item: `head`
 * answers 0 from one read by `_id`, the cheapest question a hot path can ask.
 */
export class ListNumbers {
  private readonly blocks: NumberBlocks;

  constructor(private readonly conn: Connection) {
    this.blocks = new NumberBlocks((key, n) => this.reserve(key, n));
  }

  private numbers() {
    return this.conn.collection<ListNumberDoc>(LIST_NUMBERS_COLLECTION);
  }

  /** The list's next number (1 for its first item). */
  next(key: string): Promise<number> {
    return this.blocks.next(key);
  }

  /** The list's next `k` numbers, ascending, for one `$inc` (or none, from a block). */
  nextMany(key: string, k: number): Promise<number[]> {
    return this.blocks.take(key, k);
  }

  /** The highest number handed out in the list so far; 0 for a list that never had an item. */
  async head(key: string): Promise<number> {
    return (await this.numbers().findOne({ _id: key }))?.n ?? 0;
  }

  private async reserve(key: string, n: number): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await this.numbers().findOneAndUpdate({ _id: key }, { $inc: { n } }, { upsert: true, returnDocument: 'after' });
        if (!doc) throw new Error(`list counter ${key} was not written`);
        return doc.n;
      } catch (err) {
        // Two first items at once: both upserts tried to insert, one lost; its $inc goes again.
        if (!isDuplicateKey(err) || attempt >= 2) throw err;
      }
    }
  }
}

/** The bucket key of item number `n` of a list: `<owner>:<floor(n / size)>`. */
export const listBucketKey = (owner: string, n: number, size: number): string => `${owner}:${Math.floor(n / size)}`;
