import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { dockerAvailable, startContainers, TEST_POSTGRES_PASSWORD, type TestPorts } from './containers';

const root = path.resolve(__dirname, '../..');

/**
 * Real Kafka, MongoDB-protocol and Redis servers for the integration tests, on the test
 * profile's ports (never the dev stack's): containers through testcontainers when a Docker
 * engine is reachable, the native servers otherwise (or when `npm test` already started them:
 * PINHIVE_TEST_SERVERS=external). The same tests run either way; their addresses come from here.
 */
export default async function globalSetup(): Promise<void> {
  const p = JSON.parse(execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'profile'], { cwd: root, encoding: 'utf8' })) as TestPorts;
  if (process.env.PINHIVE_TEST_SERVERS !== 'external') {
    if (await dockerAvailable()) {
      process.env.PINHIVE_TEST_CONTAINERS = JSON.stringify(await startContainers(p));
    } else {
      execFileSync(process.execPath, ['infra/native/infra.mjs', 'up', '--profile', 'test', '--fresh'], { cwd: root, stdio: 'inherit' });
    }
  }
  process.env.PINHIVE_TEST_MONGO = `mongodb://127.0.0.1:${p.mongoPort}`;
  process.env.PINHIVE_TEST_KAFKA = `127.0.0.1:${p.kafkaPort}`;
  process.env.PINHIVE_TEST_REDIS = `redis://127.0.0.1:${p.redisPort}`;
  // The native cluster's role and generated password; the container's are fixed test values.
  const pgSecret = process.env.PINHIVE_TEST_CONTAINERS ? TEST_POSTGRES_PASSWORD : execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'postgres-password'], { cwd: root, encoding: 'utf8' }).trim();
  process.env.PINHIVE_TEST_POSTGRES = `postgres://pinhive:${encodeURIComponent(pgSecret)}@127.0.0.1:${p.postgresPort}`;
}
