import type { Redis } from 'ioredis';

/*
 * Redis keys of the counting (counting/counter.ts) that serving also reads: today's spend of a
 * campaign, which stops it being served once it reaches the daily budget. The namespace (the
 * service's database name) keeps two deployments, or two test files, on one Redis apart.
 */
export const spendKey = (ns: string, campaignId: string, day: string) => `${ns}:ads:spend:${campaignId}:${day}`;

/** Today's spend of each campaign, in micro-currency (0 when nothing was spent). One round trip. */
export async function spendsOf(redis: Redis, ns: string, campaignIds: readonly string[], day: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (campaignIds.length === 0) return out;
  const values = await redis.mget(...campaignIds.map((id) => spendKey(ns, id, day)));
  campaignIds.forEach((id, i) => out.set(id, Number(values[i] ?? 0)));
  return out;
}
