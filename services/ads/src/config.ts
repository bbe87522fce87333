import { adTokenSecretField, baseConfigSchema, eventGatherField, loadConfig, requireAdTokenSecretInProduction } from '@pinhive/kit';
import { z } from 'zod';

export const adsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535).default(4004),
  /**
   * Nobody waits on this service's consumers to the millisecond (a viewer's interests from their
   * saves, counted impressions and clicks): the broker gathers their events for up to half a
   * second, and the handlers take them in batches (docs/decisions/events-and-outbox.md).
   */
  ...eventGatherField(500),
  /** pins-boards, where quick-promote reads the pin as its viewer sees it (promotions/pins.client.ts). */
  PINS_BOARDS_URL: z.url().regex(/^https?:\/\//, 'must be http(s)://host:port').optional(),
  /** Ad counting (dedupe, per-day aggregates, spend) and pacing (counting/counter.ts). */
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://host:port'),
  /** Signs the tokens served promoted pins carry back with their impressions and clicks (kit ads/ad-token.ts), shared with pins-boards. */
  ...adTokenSecretField,
  /** What a thousand impressions cost, in micro-currency (the campaign's currency): spend accrues per impression. */
  ADS_CPM_MICRO: z.coerce.number().int().min(0).max(1_000_000_000).default(5_000_000),
  /** How often serving reads the live campaigns and today's spend: a campaign at its budget or end stops being served within it (at most a minute). */
  ADS_SERVING_REFRESH_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /**
   * How often counted impressions and clicks are written to the store: one write per ad and day
   * each time, so by default each ad's counts reach the store once a minute (issue 25: aggregated
   * per ad and per minute). Reports lag by about this; pacing does not (it reads Redis).
   */
  ADS_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(60_000),
});
const adsConfig = adsConfigSchema.superRefine((c, ctx) => {
  // Without it no pin can be promoted (503): a deployment must say where pins-boards is.
  requireAdTokenSecretInProduction(c, ctx);
  if (c.NODE_ENV === 'production' && !c.PINS_BOARDS_URL) ctx.addIssue({ code: 'custom', path: ['PINS_BOARDS_URL'], message: 'required in production: where pins-boards answers (http://pins-boards:4002)' });
});
export type AdsConfig = z.infer<typeof adsConfig>;

/** The only place the ads service reads the environment. */
export const loadAdsConfig = (env: Record<string, string | undefined>): Readonly<AdsConfig> => loadConfig(adsConfig, env);
