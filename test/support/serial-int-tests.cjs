/**
 * Integration test files that stop, kill or restart a shared test server (Kafka, FerretDB,
 * PostgreSQL, Redis): while one of them runs, every other file would see the outage. `npm test`
 * runs the other integration files on two jest workers (each file has its own databases, topic
 * prefix and consumer groups: test/support/servers.ts uniqueName) and, beside them on a second set
 * of servers, these one at a time; those in `alone` after everything else, nothing beside them.
 * A new test that stops a server belongs here (scripts/test.mjs checks that none is missed).
 */
module.exports = [
  'test/drills/disk-full.int.test.ts',
  'test/drills/kafka.int.test.ts',
  'test/drills/redis.int.test.ts',
  'test/drills/store.int.test.ts',
  'test/integration/ad-serving.int.test.ts',
  'services/auth/test/login.int.test.ts',
  'services/kit/test/outbox.int.test.ts',
  'test/integration/recovery.int.test.ts',
  'test/integration/register-to-profile.int.test.ts',
  'test/integration/store-crash.int.test.ts',
];

/**
 * Run after the others, with nothing beside them: store-crash's convergence (its board's count
 * after the store was killed under load) once ran out of its wait beside two jest workers, and was
 * not made to fail again beside a busy loop (docs/decisions/test-suite-speed.md).
 */
module.exports.alone = ['test/integration/store-crash.int.test.ts'];
