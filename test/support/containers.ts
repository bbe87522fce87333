import { execFileSync } from 'node:child_process';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';

/**
 * The same three servers as containers, for machines with a Docker engine. Host ports are fixed
 * (the test profile's), so a container stopped and started again by a test keeps its address,
 * and Kafka can advertise it.
 */
export type TestPorts = { kafkaPort: number; mongoPort: number; redisPort: number; postgresPort: number };

export async function dockerAvailable(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** Starts mongo:7, redis:7 and apache/kafka 3.9; returns container ids by part name. */
/** The container path's PostgreSQL password (a throwaway test server; the native one generates its own). */
export const TEST_POSTGRES_PASSWORD = 'pinhive-test';

export async function startContainers(p: TestPorts): Promise<Record<'kafka' | 'ferretdb' | 'redis' | 'postgres', string>> {
  const kafka = new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts({ container: p.kafkaPort, host: p.kafkaPort })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: `PLAINTEXT://:${p.kafkaPort},CONTROLLER://:9093`,
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${p.kafkaPort}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_NUM_PARTITIONS: '3',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/));
  const mongo = new GenericContainer('mongo:7').withExposedPorts({ container: 27017, host: p.mongoPort }).withWaitStrategy(Wait.forListeningPorts());
  const redis = new GenericContainer('redis:7').withExposedPorts({ container: 6379, host: p.redisPort }).withWaitStrategy(Wait.forListeningPorts());
  const postgres = new GenericContainer('postgres:16')
    .withExposedPorts({ container: 5432, host: p.postgresPort })
    .withEnvironment({ POSTGRES_USER: 'pinhive', POSTGRES_PASSWORD: TEST_POSTGRES_PASSWORD, POSTGRES_DB: 'postgres' })
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2));
  const [k, m, r, pg] = await Promise.all([kafka.start(), mongo.start(), redis.start(), postgres.start()]);
  return { kafka: id(k), ferretdb: id(m), redis: id(r), postgres: id(pg) };
}

const id = (c: StartedTestContainer) => c.getId();

/** Stops or starts one container by id (tests of outages); the ports stay the same. */
export function dockerCommand(command: 'stop' | 'start' | 'kill' | 'rm', containerId: string): void {
  execFileSync('docker', command === 'rm' ? ['rm', '-f', containerId] : [command, containerId], { stdio: 'ignore' });
}
