import { randomInt } from 'node:crypto';

let last = 0;
let counter = 0;

/**
 * A new id for an object the product's pages and calls name by digits (`/pin/{digits}/`, a
 * board, a section, an advertiser): milliseconds since the epoch, then a per-process counter and
 * 4 random digits. Unique across processes with overwhelming odds, and roughly ordered by time
 * (so the newest of a set sorts last without a date). The one id generator of every service.
 */
export function newId(now = Date.now()): string {
  if (now === last) counter += 1;
  else {
    last = now;
    counter = 0;
  }
  return `${now}${String(counter % 1000).padStart(3, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}
