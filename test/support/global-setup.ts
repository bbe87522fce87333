import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/**
 * Starts the test profile's native Kafka, FerretDB and Redis (own ports and data under
 * .run/test, never the dev stack's) unless `npm test` already did (PINHIVE_TEST_SERVERS=external),
 * and hands their addresses to the tests through the environment.
 */
export default function globalSetup(): void {
  if (process.env.PINHIVE_TEST_SERVERS !== 'external') {
    execFileSync(process.execPath, ['infra/native/infra.mjs', 'up', '--profile', 'test', '--fresh'], { cwd: root, stdio: 'inherit' });
  }
  const p = JSON.parse(execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'profile'], { cwd: root, encoding: 'utf8' })) as {
    kafkaPort: number; mongoPort: number; redisPort: number;
  };
  process.env.PINHIVE_TEST_MONGO = `mongodb://127.0.0.1:${p.mongoPort}`;
  process.env.PINHIVE_TEST_KAFKA = `127.0.0.1:${p.kafkaPort}`;
  process.env.PINHIVE_TEST_REDIS = `redis://127.0.0.1:${p.redisPort}`;
}
