import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { startService, type RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../../services/auth/src/config';
import { startAuth } from '../../services/auth/test/auth-helpers';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../../services/pins-boards/src/config';
import { pinsBoardsService } from '../../services/pins-boards/src/service';
import { followCalls } from '../../services/pins-boards/test/support/follows';
import { seedProfiles, whenReady, type Person } from '../../services/pins-boards/test/support/resources';
import { serviceEnv, servers, uniqueName } from './servers';
import { testViewers } from './test-viewers';

/** The person the drills act as, with a profile in pins-boards. */
export const ada: Person = { id: 'user-ada', username: 'ada' };

/**
 * What the redis and store drills run against: auth and pins-boards in this process on the test
 * servers, a database of the drill's own (`name`), Ada's profile seeded. Registers its own
 * beforeAll and afterAll; the parts are read once they started (`stack.auth`, ...).
 * `pinsLogLevel`: pins-boards' log level (the tests' own, silent by default, otherwise), so that a
 * drill can keep the cause behind a 503 its probes only see as `service_unavailable`.
 */
export function drillStack(name: string, opts: { pinsLogLevel?: string } = {}) {
  const db = uniqueName(`drill_${name}`);
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), `pinhive-drill-${name}-`));
  const stack = {} as { auth: RunningService<AuthConfig>; pins: RunningService<PinsBoardsConfig>; viewers: Awaited<ReturnType<typeof testViewers>>; conn: Connection };
  const calls = followCalls(() => ({ url: stack.pins.url, viewers: stack.viewers }));

  beforeAll(async () => {
    stack.viewers = await testViewers();
    [stack.auth, stack.pins] = await Promise.all([
      startAuth(),
      startService(pinsBoardsService(loadPinsBoardsConfig({ ...serviceEnv(db, `${uniqueName(name)}.`), ...(opts.pinsLogLevel ? { LOG_LEVEL: opts.pinsLogLevel } : {}), AUTH_JWKS_URL: stack.viewers.jwksUrl, IMAGES_DIR: imagesDir }))),
    ]);
    await whenReady(stack.pins.url);
    stack.conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
    await seedProfiles(stack.conn, [[ada, 'Ada']]);
  }, 90_000);

  afterAll(async () => {
    await stack.auth?.close();
    await stack.pins?.close();
    await stack.conn?.dropDatabase().catch(() => undefined);
    await stack.conn?.close();
    await stack.viewers?.close();
    fs.rmSync(imagesDir, { recursive: true, force: true });
  });

  return { stack, calls };
}
