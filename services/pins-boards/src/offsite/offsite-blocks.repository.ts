import { LRUCache } from 'lru-cache';
import type { Connection } from 'mongoose';
import type { OffsiteBlockStatus } from '@pinhive/contracts';

export const OFFSITE_BLOCKS_COLLECTION = 'offsite_blocks';
/** How long an instance keeps what it read of a domain: an operator's change reaches every instance within this. */
export const OFFSITE_BLOCKS_TTL_MS = 30_000;
/** The most an operator's `offsite list` prints: the list is read by domain, never scanned, by the service. */
export const OFFSITE_LIST_MAX = 1_000;

/** A domain the operators judged (`npm run admin -- offsite block ...`): `_id` is the domain. */
export interface OffsiteBlockDoc {
  _id: string;
  status: OffsiteBlockStatus;
  note: string;
  at: Date;
}

const NONE = 'none' as const;

/**
 * The operators' list of domains not to follow, read by `_id` for each key of a link's host
 * (offsite.rules.ts's domainKeys: at most a few reads), each kept OFFSITE_BLOCKS_TTL_MS.
 */
export class OffsiteBlocks {
  private readonly kept = new LRUCache<string, OffsiteBlockDoc | typeof NONE>({ max: 50_000, ttl: OFFSITE_BLOCKS_TTL_MS });

  constructor(private readonly conn: Connection) {}

  private blocks() {
    return this.conn.collection<OffsiteBlockDoc>(OFFSITE_BLOCKS_COLLECTION);
  }

  private async read(domain: string): Promise<OffsiteBlockDoc | undefined> {
    const kept = this.kept.get(domain);
    if (kept !== undefined) return kept === NONE ? undefined : kept;
    const doc = await this.blocks().findOne({ _id: domain });
    this.kept.set(domain, doc ?? NONE);
    return doc ?? undefined;
  }

  /** The entry of the first of `keys` (the host, then its parents) on the list, if any. */
  async statusOf(keys: readonly string[]): Promise<OffsiteBlockDoc | undefined> {
    const found = await Promise.all(keys.map((key) => this.read(key)));
    return found.find((doc) => doc !== undefined);
  }

  // ---- the operators' commands ----

  async set(domain: string, status: OffsiteBlockStatus, note: string, at = new Date()): Promise<void> {
    await this.blocks().updateOne({ _id: domain }, { $set: { status, note, at } }, { upsert: true });
    this.kept.delete(domain);
  }

  async remove(domain: string): Promise<boolean> {
    this.kept.delete(domain);
    return (await this.blocks().deleteOne({ _id: domain })).deletedCount === 1;
  }

  async list(): Promise<OffsiteBlockDoc[]> {
    return this.blocks().find({}).limit(OFFSITE_LIST_MAX).toArray();
  }
}
