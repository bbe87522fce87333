// The home feed's stack, as the benchmarks that save onto followed boards start it (feed/run.mjs,
// cost/run.mjs): the `bench` stack with fresh data, the people registered through the gateway,
// the followed boards and the readers' feeds seeded (feed/seed.mjs), the store vacuumed and
// analysed, autovacuum done with the seeded tables.
import { startStack, stopStack } from '../../scripts/stack.mjs';
import { FEED_PASSWORD, registerFeedPeople, seedFeed } from '../feed/seed.mjs';
import { log, psql, waitForAutovacuum } from './bench.mjs';

/**
 * Starts the profile `p`'s stack afresh and seeds it for `sizes` (readers, savers, boards,
 * entriesPerReader). Answers the people (with the tokens of their registration), what was
 * seeded, the fixture the feed journey reads (FIXTURE) and how the store settled.
 */
export async function startFeedStack(p, sizes) {
  await stopStack(p.name, { log });
  await startStack(p.name, { freshInfra: true, log });
  const t1 = Date.now();
  const people = await registerFeedPeople({ baseUrl: p.baseUrl, readers: sizes.readers, savers: sizes.savers, log });
  const seeding = await seedFeed({ baseUrl: p.baseUrl, mongoPort: p.mongoPort, redisPort: p.redisPort, dbPrefix: p.dbPrefix, people, sizes, log });
  seeding.totalMs = Date.now() - t1;
  const fixture = {
    password: FEED_PASSWORD,
    readers: people.readers.map((r) => r.email),
    savers: people.savers.map((s, k) => ({ email: s.email, boards: seeding.boardsBySaver[k] })),
    sourcePinId: seeding.sourcePinId,
  };

  const since = Date.now();
  await psql(p, 'VACUUM (ANALYZE)');
  log(`[settle] VACUUM (ANALYZE) of the bench store in ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const settling = await waitForAutovacuum(p, since, { seeded: /^board_follows_/, minSeeded: 1 });
  return { people, seeding, fixture, settling };
}
