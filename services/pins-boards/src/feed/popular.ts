import type { Redis, Result } from 'ioredis';
import type { PinSavedV1 } from '@pinhive/contracts';

/** Pins the popular list keeps: the most saved of late. */
export const POPULAR_KEPT = 1_000;
/** A save's weight doubles every this long: a save today counts as much as two three days ago. */
export const POPULAR_HALF_LIFE_MS = 3 * 24 * 60 * 60 * 1000;
/** Weights count from here (2^(days / 3) stays far inside a double for decades of saves). */
const POPULAR_EPOCH_MS = Date.UTC(2026, 0, 1);
/** How long a save event is remembered as counted (a redelivery comes within minutes). */
const COUNTED_SECONDS = 24 * 60 * 60;

/** What a save adds to its picture's popularity: more the newer it is, so that old saves fade. */
export const popularWeight = (savedAtMs: number): number => 2 ** ((savedAtMs - POPULAR_EPOCH_MS) / POPULAR_HALF_LIFE_MS);

/** The pin a save makes popular: the one it repins, or itself. */
export const popularPinOf = (save: Pick<PinSavedV1, 'pinId' | 'repinOf'>): string => save.repinOf ?? save.pinId;

/**
 * Adds a save's weight once (KEYS[1] the list, KEYS[2] the event's counted mark; ARGV weight,
 * pin, kept, seconds), and trims the list to the heaviest ARGV[3].
 */
const COUNT_ONCE = `
if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[4]) == false then return 0 end
redis.call('ZINCRBY', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
return 1`;

// The script above as a command of every client and pipeline (ioredis's `defineCommand`).
declare module 'ioredis' {
  interface RedisCommander<Context> {
    popularCountOnce(list: string, counted: string, weight: number, pinId: string, kept: number, seconds: number): Result<number, Context>;
  }
}

/** Connections the script is defined on (once each). */
const withPopularCommand = new WeakSet<Redis>();

/**
 * Popular pins of public boards, for someone whose home feed is still empty: a sorted set in
 * Redis (`<db>:popular`) of the pins most saved of late, each save onto a public board adding a
 * weight that doubles every POPULAR_HALF_LIFE_MS (so recent saves count most without anything
 * rescanning old ones), kept by the save events and never computed by a scan.
 */
export class PopularPins {
  private readonly redis: Redis;
  private readonly list: string;

  constructor(redis: Redis, private readonly namespace: string) {
    if (!withPopularCommand.has(redis)) {
      withPopularCommand.add(redis);
      redis.defineCommand('popularCountOnce', { numberOfKeys: 2, lua: COUNT_ONCE });
    }
    this.redis = redis;
    this.list = `${namespace}:popular`;
  }

  /** Counts saves (events of public boards), each once however often it is delivered. */
  async count(saves: readonly { eventId: string; save: PinSavedV1; at: number }[]): Promise<void> {
    if (saves.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { eventId, save, at } of saves) {
      void pipeline.popularCountOnce(this.list, `${this.namespace}:popular-counted:${eventId}`, popularWeight(at), popularPinOf(save), POPULAR_KEPT, COUNTED_SECONDS);
    }
    for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
  }

  /** The `limit` most popular pins' ids, most popular first. */
  top(limit: number): Promise<string[]> {
    return this.redis.zrange(this.list, 0, limit - 1, 'REV');
  }

  /** Pins that are not to be shown any more (deleted, their board hidden). */
  async remove(pinIds: readonly string[]): Promise<void> {
    if (pinIds.length > 0) await this.redis.zrem(this.list, ...pinIds);
  }
}
