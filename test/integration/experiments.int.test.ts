import request from 'supertest';
import { errorCatalogue } from '@pinhive/contracts';
import { startService, type RunningService } from '@pinhive/kit';
import { adminCommand } from '../../services/experiences/src/admin';
import { loadExperiencesConfig, type ExperiencesConfig } from '../../services/experiences/src/config';
import { experiencesService } from '../../services/experiences/src/service';
import { IMAGES_COLLECTION } from '../../services/pins-boards/src/images/image.model';
import { PINS_COLLECTION } from '../../services/pins-boards/src/pins/pin.model';
import { ok, png, resourceCalls, seedProfiles, whenReady, type Person } from '../../services/pins-boards/test/support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from '../../services/pins-boards/test/support/service-under-test';
import { freePort } from '../support/child-service';
import { serviceEnv, uniqueName, waitFor } from '../support/servers';

/**
 * Experiments run by operators, end to end: `npm run admin -- experiments set` (its command, in
 * this process, against experiences' store) reaches a running pins-boards within a second, with
 * no restart, through the kit's experiments client; with experiences stopped pins-boards keeps
 * its last answer, and takes a change made meanwhile once experiences is back.
 */
const ada: Person = { id: 'user-ada', username: 'ada' };
let experiencesEnv: Record<string, string>;
let experiences: RunningService<ExperiencesConfig> | undefined;
let pb: PinsBoardsUnderTest;
const { write } = resourceCalls(() => ({ url: pb.service.url, viewers: pb.viewers }));

const startExperiences = async () => {
  experiences = await startService(experiencesService(loadExperiencesConfig(experiencesEnv)));
  await waitFor(async () => ((await request(experiences!.url).get('/readyz')).status === 200 ? true : undefined), 'experiences ready', 30_000);
};
const admin = async (...args: string[]) => {
  const lines: string[] = [];
  await adminCommand(['experiments', ...args], experiencesEnv, (line) => lines.push(line));
  return lines;
};
const client = () => pb.service.ctx.experiments;
/** Waits until pins-boards holds another table than `stamp`, at most `ms` (a wait for a condition, not a sleep). */
const changedFrom = (stamp: string | undefined, what: string, ms: number) =>
  waitFor(async () => (client().stamp?.stamp !== stamp ? true : undefined), what, ms, 10);

let colour = 0;
const create = async (boardId: string) => write('PinResource', 'create', { board_id: boardId, image_base64: (await png(`#20${(colour++).toString(16).padStart(2, '0')}40`)).toString('base64'), method: 'uploaded' }, ada);
const stored = async () => ({
  pins: await pb.conn.collection(PINS_COLLECTION).countDocuments({ pinnerId: ada.id }),
  images: await pb.conn.collection(IMAGES_COLLECTION).estimatedDocumentCount(),
});
const refused = (res: request.Response) => {
  expect(res.status).toBe(403);
  expect(res.body.resource_response.error).toMatchObject({ code: 'pin_creation_disabled', message: 'Pin creation is turned off for now. Please try again later.' });
};

let boardId: string;
let firstPin: string;
beforeAll(async () => {
  const port = await freePort();
  experiencesEnv = { ...serviceEnv(uniqueName('exp_ops'), `${uniqueName('xo')}.`), PORT: String(port) };
  await startExperiences();
  pb = await startPinsBoards('exp_ops', { EXPERIENCES_URL: `http://127.0.0.1:${port}` });
  await seedProfiles(pb.conn, [[ada, 'Ada']]);
  await waitFor(async () => (client().stamp ? true : undefined), 'the first allocations in pins-boards');
  boardId = ok<{ id: string }>(await write('BoardResource', 'create', { name: 'Lamps', privacy: 'public' }, ada), 201).id;
  firstPin = ok<{ id: string }>(await create(boardId), 201).id;
}, 120_000);
afterAll(async () => {
  await pb?.close();
  await experiences?.close();
});

it('answers a clear message for a bad command, and lists what it stores', async () => {
  await expect(admin('set', 'nope', 'enabled', '10')).rejects.toThrow('unknown experiment "nope"');
  await expect(admin('set', 'web_pin_creation_disabled_all', 'enabled', '150')).rejects.toThrow('the share must be 0 to 100');
  await expect(admin('set', 'web_pin_creation_disabled_all', 'rollout', '10')).rejects.toThrow('"rollout" is not a group of web_pin_creation_disabled_all (its groups: control, enabled)');
  expect((await admin('list'))[0]).toBe('experiments (nothing stored yet: the starting values (EXPERIMENT_ALLOCATIONS))');
  expect(errorCatalogue.pin_creation_disabled.message).toBe('Pin creation is turned off for now. Please try again later.');
});

it('switches pin creation off for everyone within a second, with nothing stored', async () => {
  const before = client().stamp?.stamp;
  expect(await admin('set', 'web_pin_creation_disabled_all', 'enabled', '100')).toEqual([
    'web_pin_creation_disabled_all: enabled 100 %, control 0 % (version 1)',
    'running services pick it up within a second',
  ]);
  await changedFrom(before, 'the change in pins-boards', 1000);
  expect(client().groupOf('web_pin_creation_disabled_all', ada.id)).toBe('enabled');
  const was = await stored();
  refused(await create(boardId));
  refused(await write('RepinResource', 'create', { pin_id: firstPin, board_id: boardId }, ada));
  expect(await stored()).toEqual(was);
  expect((await admin('show', 'web_pin_creation_disabled_all'))[1]).toBe('  control   0 % (everyone in no other group)');
});

it('switches off web pins only: saving an existing pin still works', async () => {
  const before = client().stamp?.stamp;
  await admin('set', 'web_pin_creation_disabled_all', 'enabled', '0');
  await admin('set', 'web_pin_creation_disabled_web', 'enabled', '100');
  await waitFor(async () => (client().stamp?.version === 3 ? true : undefined), 'both changes in pins-boards', 2000, 10);
  expect(client().stamp?.stamp).not.toBe(before);
  refused(await create(boardId));
  ok(await write('RepinResource', 'create', { pin_id: firstPin, board_id: boardId }, ada), 201);
});

it('keeps its last answer while experiences is stopped, and takes the change made meanwhile when it is back', async () => {
  const last = client().stamp?.stamp;
  await experiences!.close();
  experiences = undefined;
  // Changed in the store while no experiences instance runs.
  await admin('set', 'web_pin_creation_disabled_web', 'enabled', '0');
  refused(await create(boardId));
  expect(client().stamp?.stamp).toBe(last);
  // pins-boards stays ready: experiments are never a reason to stop serving.
  await whenReady(pb.service.url);
  await startExperiences();
  await changedFrom(last, 'the change made while experiences was away', 15_000);
  ok(await create(boardId), 201);
});
