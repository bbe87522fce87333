import type { AdEngagedV1, EventEnvelope } from '@pinhive/contracts';
import { mapLimit, type Logger } from '@pinhive/kit';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { dayOf } from '../promotions/promotion.rules';
import { AD_STATS_COLLECTION, ADVERTISER_STATS_COLLECTION, advertiserMonthKey, campaignMonthKey, type DayCounts } from './stats.model';
import { spendKey } from './spend';

/** A viewer's impressions (and clicks) of one ad count once per hour (issue 25). */
export const DEDUPE_SECONDS = 3600;
/** Aggregates and spend outlive their day long enough to be flushed and read by serving. */
const KEEP_SECONDS = 3 * 24 * 3600;
/** Days with new counts written to the store at once (every ADS_FLUSH_MS)... */
const FLUSH_BATCH = 500;
/** ...at most this many writes in flight (the store's connection pool is small and shared). */
const FLUSH_WRITES_AT_ONCE = 4;

/*
 * One event, in one Lua call: its natural key (kind, ad, viewer, hour) is set if new, and only
 * then are the ad's day, the advertiser's day and the campaign's spend counted and the day marked
 * for the flush. A redelivered event (Kafka's at-least-once, a consumer restarted before
 * committing) finds its key and counts nothing: exactly once without a store write per event.
 * The advertiser's day is counted here, not added up from its ads' days when read: the report's
 * chart then reads one document a day however many campaigns the advertiser has.
 *   KEYS: seen, ad stats hash, spend, dirty set, advertiser stats hash
 *   ARGV: field, spend micro, dedupe ttl, keep ttl, dirty member
 */
const COUNT_ONCE = `
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[3]) then
  redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
  redis.call('HINCRBY', KEYS[5], ARGV[1], 1)
  if tonumber(ARGV[2]) > 0 then
    redis.call('HINCRBY', KEYS[2], 'spend', ARGV[2])
    redis.call('HINCRBY', KEYS[5], 'spend', ARGV[2])
    redis.call('INCRBY', KEYS[3], ARGV[2])
    redis.call('EXPIRE', KEYS[3], ARGV[4])
  end
  redis.call('EXPIRE', KEYS[2], ARGV[4])
  redis.call('EXPIRE', KEYS[5], ARGV[4])
  redis.call('SADD', KEYS[4], ARGV[5])
  return 1
end
return 0`;

/*
 * Days to write, taken from the dirty set into the in-flight set in one step: a process killed
 * while writing them leaves them there, and the next start puts them back (`recover`). A plain
 * SPOP lost them with the process, and a day whose last counts came before the kill never reached
 * the store (its report stayed short until another impression of that ad came the same day).
 *   KEYS: dirty set, in-flight set   ARGV: how many
 */
const TAKE_DIRTY = `
local taken = redis.call('SPOP', KEYS[1], ARGV[1])
if #taken > 0 then redis.call('SADD', KEYS[2], unpack(taken)) end
return taken`;

type CountingRedis = Redis & {
  adsCountOnce(seen: string, stats: string, spend: string, dirty: string, advertiserStats: string, field: string, spendMicro: number, dedupe: number, keep: number, member: string): Promise<number>;
  adsTakeDirty(dirty: string, inFlight: string, count: number): Promise<string[]>;
};

/**
 * Impressions and clicks counted per ad and day, and per advertiser and day, in Redis (with AOF:
 * the stack runs it so), and written to the store in batches (`ad_stats`, `advertiser_stats`): one
 * Redis round trip per batch of events, one store write per ad and day and per advertiser and day
 * per flush, never one per impression. Spend accrues per impression at
 * the configured CPM; serving reads today's spend (counting/spend.ts).
 */
export class Counter {
  private readonly redis: CountingRedis;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;

  constructor(private readonly deps: { redis: Redis; mongo: Connection; namespace: string; cpmMicro: number; flushMs: number; logger: Logger }) {
    if (!('adsCountOnce' in deps.redis)) deps.redis.defineCommand('adsCountOnce', { numberOfKeys: 5, lua: COUNT_ONCE });
    if (!('adsTakeDirty' in deps.redis)) deps.redis.defineCommand('adsTakeDirty', { numberOfKeys: 2, lua: TAKE_DIRTY });
    this.redis = deps.redis as CountingRedis;
  }

  private key(...parts: string[]): string {
    return [this.deps.namespace, 'ads', ...parts].join(':');
  }

  /** Counts events (each at most once); answers how many counted. */
  async count(events: readonly EventEnvelope<AdEngagedV1>[]): Promise<number> {
    // A pipeline queues the defined command and answers nothing until exec (its typing says a promise).
    const pipeline = this.redis.pipeline() as unknown as { adsCountOnce: (...args: Parameters<CountingRedis['adsCountOnce']>) => void; exec(): Promise<[Error | null, unknown][] | null> };
    const perImpression = Math.round(this.deps.cpmMicro / 1000);
    for (const e of events) {
      const at = new Date(e.occurredAt);
      const day = dayOf(at);
      const hour = Math.floor(at.getTime() / 3_600_000);
      const d = e.data;
      pipeline.adsCountOnce(
        this.key('seen', d.kind, d.adId, d.viewerKey, String(hour)), this.key('stats', d.adId, day), spendKey(this.deps.namespace, d.campaignId, day), this.key('dirty'),
        this.key('advertiser-stats', d.advertiserId, day),
        d.kind === 'impression' ? 'impressions' : 'clicks', d.kind === 'impression' ? perImpression : 0, DEDUPE_SECONDS, KEEP_SECONDS,
        [d.adId, day, d.adGroupId, d.campaignId, d.advertiserId].join('|'),
      );
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err)?.[0];
    if (failed) throw failed;
    return results.filter(([, counted]) => counted === 1).length;
  }

  /**
   * Puts back into the dirty set the days a process took to write and never finished (killed
   * mid-flush): called at start, before the first flush. Another instance's days still being
   * written are put back too, and written twice: harmless, as a write only raises the totals ($max).
   */
  async recover(): Promise<void> {
    const results = (await this.redis.multi().sunionstore(this.key('dirty'), this.key('dirty'), this.key('flushing')).del(this.key('flushing')).exec()) ?? [];
    const failed = results.find(([err]) => err)?.[0];
    if (failed) throw failed;
  }

  start(): void {
    let recovered = false;
    const tick = () => {
      const pass = recovered ? this.flush() : this.recover().then(() => {
        recovered = true;
        return this.flush();
      });
      void pass.catch((err: unknown) => this.deps.logger.warn({ err }, 'ads counting: flush failed; tried again')).finally(() => {
        this.timer = setTimeout(tick, this.deps.flushMs);
        this.timer.unref();
      });
    };
    this.timer = setTimeout(tick, this.deps.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.flushing?.catch(() => undefined);
    await this.flush().catch(() => undefined);
  }

  /**
   * Writes the counted days to the store now (each ad's, then each advertiser's whose ads they
   * are); answers how many ad days. A failed write puts them back to be written later.
   */
  flush(): Promise<number> {
    this.flushing ??= this.flushOnce().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<number> {
    const members = await this.redis.adsTakeDirty(this.key('dirty'), this.key('flushing'), FLUSH_BATCH);
    if (members.length === 0) return 0;
    try {
      const parsed = members.map((m) => m.split('|') as [string, string, string, string, string]);
      await this.writeDays(AD_STATS_COLLECTION, parsed.map(([adId, day, adGroupId, campaignId, advertiserId]) => ({
        _id: `${adId}:${day}`, totals: this.key('stats', adId, day), fields: { adId, adGroupId, campaignId, advertiserId, day, campaignMonth: campaignMonthKey(campaignId, day) },
      })));
      // The advertisers' days: the ads' days taken name them (an event marks only its ad's day), so
      // a day put back after a failed write brings its advertiser's day back with it.
      const advertiserDays = [...new Set(parsed.map(([, day, , , advertiserId]) => `${advertiserId}|${day}`))].map((m) => m.split('|') as [string, string]);
      await this.writeDays(ADVERTISER_STATS_COLLECTION, advertiserDays.map(([advertiserId, day]) => ({
        _id: `${advertiserId}:${day}`, totals: this.key('advertiser-stats', advertiserId, day), fields: { advertiserId, day, advertiserMonth: advertiserMonthKey(advertiserId, day) },
      })));
      await this.redis.srem(this.key('flushing'), ...members);
      return members.length;
    } catch (err) {
      await this.redis.multi().sadd(this.key('dirty'), ...members).srem(this.key('flushing'), ...members).exec();
      throw err;
    }
  }

  /**
   * Writes days to `collection`: each document's counts are the Redis hash `totals` (read in one
   * round trip), as `$max`; `fields` are set when the document is new. One upsert per day, a few
   * at a time: a single bulk command of many upserts held every FerretDB connection until it
   * ended and stalled the store for every service (the ads benchmark, 20 ads in one flush).
   */
  private async writeDays(collection: string, days: readonly { _id: string; totals: string; fields: Record<string, string> }[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const { totals } of days) pipeline.hgetall(totals);
    const totals = ((await pipeline.exec()) ?? []).map(([err, value]) => {
      if (err) throw err;
      return value as Record<string, string>;
    });
    const docs = this.deps.mongo.collection<{ _id: string } & DayCounts>(collection);
    await mapLimit(days, FLUSH_WRITES_AT_ONCE, async ({ _id, fields }, i) => {
      const t = totals[i];
      await docs.updateOne({ _id }, {
        $setOnInsert: fields,
        $max: { impressions: Number(t?.['impressions'] ?? 0), clicks: Number(t?.['clicks'] ?? 0), spendMicro: Number(t?.['spend'] ?? 0) },
      }, { upsert: true });
    });
  }
}
