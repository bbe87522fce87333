import { randomInt } from 'node:crypto';

let last = 0;
let counter = 0;

/** Random digits at the end of an id: what keeps two processes' ids of one millisecond apart. */
const RANDOM_DIGITS = 8;

/**
 * A new id for an object the product's pages and calls name by digits (`/pin/{digits}/`, a
 * board, a section, an advertiser): milliseconds since the epoch, then a per-process counter and
 * 8 random digits (24 digits, the most an id may have). Roughly ordered by time (so the newest of
 * a set sorts last without a date), and unique across processes: two replicas making an id in
 * the same millisecond with the same counter collide once in 10^8. (4 random digits, as ids had
 * until 2026-11-28, made that once in 10^4: at 200 saves/s over two replicas, about one failed
 * insert every quarter of an hour. Older ids keep their 20 digits; ids compare as text, and the
 * milliseconds lead both.) The one id generator of every service.
 */
export function newId(now = Date.now()): string {
  if (now === last) counter += 1;
  else {
    last = now;
    counter = 0;
  }
  return `${now}${String(counter % 1000).padStart(3, '0')}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}
