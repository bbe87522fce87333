import { defineHandler } from '@pinhive/kit';
import type { Counter } from './counter';

/**
 * ads counts the impressions and clicks its events route published. Each event counts at most
 * once by its natural key (counter.ts), so the handler is idempotent and the dispatcher keeps no
 * record per event; a batch is one Redis round trip.
 */
export function countingHandlers(counter: Pick<Counter, 'count'>) {
  return [
    defineHandler({
      name: 'count-ad-engagement',
      type: 'ads.ad.engaged.v1',
      idempotent: true,
      handle: async (event) => {
        await counter.count([event]);
      },
      handleBatch: async (events) => {
        await counter.count(events);
      },
    }),
  ];
}
