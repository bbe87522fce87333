import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../../src/config';
import { pinsBoardsService, type PinsBoardsParts } from '../../src/service';
import { serviceEnv, servers, uniqueName } from '../../../../test/support/servers';
import { testViewers } from '../../../../test/support/test-viewers';
import { whenReady } from './resources';

/** A pins-boards instance on a database, topics and images folder of its own, with what tests read beside it. */
export interface PinsBoardsUnderTest {
  service: RunningService<PinsBoardsConfig>;
  viewers: Awaited<ReturnType<typeof testViewers>>;
  /** The instance's store, for what a test arranges or checks there directly. */
  conn: Connection;
  /** Another instance of the same deployment (store, topics, images), with `env` over the first's. */
  another: (env?: Record<string, string>) => Promise<RunningService<PinsBoardsConfig>>;
  /** Stops everything started here, the other instances too, and drops the database. */
  close: () => Promise<void>;
}

/**
 * The set-up most pins-boards integration tests share: token signing viewers, one instance
 * ready through its probes, a connection to its store. `name` tells the test's data apart.
 */
export async function startPinsBoards(name: string, env: Record<string, string> = {}, parts: PinsBoardsParts = {}): Promise<PinsBoardsUnderTest> {
  const prefix = `${uniqueName(name)}.`;
  const db = uniqueName(name);
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), `pinhive-${name}-`));
  const viewers = await testViewers();
  const base = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  const service = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...base, ...env }), parts));
  await whenReady(service.url);
  const conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  const others: RunningService<PinsBoardsConfig>[] = [];
  return {
    service,
    viewers,
    conn,
    another: async (more = {}) => {
      const other = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...base, ...env, ...more })));
      others.push(other);
      await whenReady(other.url);
      return other;
    },
    close: async () => {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
      await Promise.all([service.close(), ...others.map((o) => o.close())]);
      await viewers.close();
      fs.rmSync(imagesDir, { recursive: true, force: true });
    },
  };
}
