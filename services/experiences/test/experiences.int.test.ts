import { Kafka, logLevel, type Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import type { EventEnvelope, UserExperiencesResponse } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadExperiencesConfig, type ExperiencesConfig } from '../src/config';
import { experiencesService } from '../src/service';
import { ExperienceDefinitions } from '../src/experiences/experience.definitions';
import { experiencesCommand } from '../src/experiences/experience-command';
import { EXPERIENCE_PEOPLE_COLLECTION } from '../src/experiences/experience.model';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';

/**
 * Experiences against the real store and Kafka: people and their actions arrive as auth's and
 * pins-boards' events (sent here as they send them), viewers are signed by the test's own keys.
 */
const prefix = `${uniqueName('xp')}.`;
const db = uniqueName('experiences');
const env = () => ({ ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl });
let service: RunningService<ExperiencesConfig>;
let viewers: Awaited<ReturnType<typeof testViewers>>;
let producer: Producer;
let conn: Connection;

type Person = { id: string; username: string };
const SAVE = 'home_onboarding:save_first_pin';
const FOLLOW = 'home_onboarding:follow_boards_or_people';

const send = (event: EventEnvelope) => producer.send({ topic: `${prefix}${event.type}`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
const resource = (name: string, action: string) => `/resource/${name}/${action}/`;
async function shown(who: Person | undefined, placements: string[], more: Record<string, unknown> = {}): Promise<UserExperiencesResponse> {
  const data = JSON.stringify({ options: { placement_ids: placements, multi_experience: true, ...more } });
  const res = await request(service.url).get(resource('UserExperienceResource', 'get')).query({ data }).set(who ? viewers.bearer(who) : {});
  expect(res.status).toBe(200);
  return res.body.resource_response.data as UserExperiencesResponse;
}
const idsAt = async (who: Person | undefined, placement: string, more?: Record<string, unknown>) => ((await shown(who, [placement], more))[placement] ?? []).map((e) => e.placed_experience_id);
const change = (who: Person, name: string, action: 'update' | 'delete', options: Record<string, unknown>) =>
  request(service.url).post(resource(name, action)).set(viewers.bearer(who)).send({ options });
const statusOf = async (who: Person, placed: string) =>
  ((await conn.collection(EXPERIENCE_PEOPLE_COLLECTION).findOne({ _id: who.id } as never)) as { statuses?: Record<string, { status: string; at: Date }> } | null)?.statuses?.[placed];

async function person(tag: string, opts: { country?: string | null; registeredAt?: Date } = {}): Promise<Person> {
  const id = uniqueName(tag);
  const at = opts.registeredAt ?? new Date();
  await send(newEvent('auth', 'auth.user.registered.v1', id, { userId: id, username: id, email: `${id}@example.com`, firstName: 'Ada', lastName: 'L', country: opts.country ?? null, registeredAt: at.toISOString() }, at));
  await waitFor(async () => ((await conn.collection(EXPERIENCE_PEOPLE_COLLECTION).findOne({ _id: id } as never)) ? true : undefined), `${tag} known to experiences`);
  return { id, username: id };
}
const pinSaved = (who: Person, at = new Date()) =>
  newEvent('pins-boards', 'pins.pin.saved.v1', who.id, {
    pinId: uniqueName('pin'), boardId: 'b1', sectionId: null, pinnerId: who.id, firstSave: true, repinOf: null, imageId: 'i1', coverImageUrl: '/media/x', dominantColor: '#fff',
  }, at);

beforeAll(async () => {
  viewers = await testViewers();
  service = await startService(experiencesService(loadExperiencesConfig(env())));
  await waitFor(async () => ((await request(service.url).get('/readyz')).status === 200 ? true : undefined), 'experiences ready', 30_000);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  producer = new Kafka({ clientId: 'experiences-test', brokers: [servers.kafkaBrokers()], logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
});
afterAll(async () => {
  await producer?.disconnect();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await service?.close();
  await viewers?.close();
});

it('shows a new person the onboarding steps in order, one at a time unless asked for all, and nothing to a visitor', async () => {
  const ada = await person('ada');
  expect(await idsAt(ada, 'home_onboarding')).toEqual([SAVE, FOLLOW]);
  expect((await idsAt(ada, 'home_onboarding', { multi_experience: false }))).toEqual([SAVE]);
  const [first] = (await shown(ada, ['home_onboarding']))['home_onboarding']!;
  expect(first).toMatchObject({ experience_id: 'save_first_pin', placement_id: 'home_onboarding', status: null, display_data: { title: 'Save your first Pin' } });
  // The starting steps target signed-in people.
  expect(await idsAt(undefined, 'home_onboarding')).toEqual([]);
});

it('moves a status forward only: viewed, then completed stays completed; dismissed hides it', async () => {
  const bea = await person('bea');
  const viewed = await change(bea, 'UserExperienceViewedResource', 'update', { placed_experience_id: SAVE });
  expect(viewed.body.resource_response.data).toEqual({ placed_experience_id: SAVE, status: 'viewed' });
  expect((await shown(bea, ['home_onboarding']))['home_onboarding']![0]).toMatchObject({ placed_experience_id: SAVE, status: 'viewed' });
  const completed = await change(bea, 'UserExperienceCompletedResource', 'update', { placed_experience_id: SAVE });
  expect(completed.body.resource_response).toMatchObject({ data: { status: 'completed' } });
  // A late "viewed" (another tab) does not take it back.
  expect((await change(bea, 'UserExperienceResource', 'update', { placed_experience_id: SAVE, status: 'viewed' })).body.resource_response.data.status).toBe('completed');
  expect((await change(bea, 'UserExperienceResource', 'delete', { placed_experience_id: FOLLOW })).body.resource_response.data.status).toBe('dismissed');
  expect(await idsAt(bea, 'home_onboarding')).toEqual([]);
});

it('refuses a status change of an unknown or malformed experience, changing nothing', async () => {
  const cy = await person('cy');
  const unknown = await change(cy, 'UserExperienceCompletedResource', 'update', { placed_experience_id: 'home_onboarding:nope' });
  expect(unknown.status).toBe(404);
  const bad = await change(cy, 'UserExperienceCompletedResource', 'update', { placed_experience_id: 'no colon' });
  expect(bad.status).toBe(400);
  expect(bad.body.resource_response.error.message).toMatch(/placement:experience/);
  const anonymous = await request(service.url).post(resource('UserExperienceViewedResource', 'update')).send({ options: { placed_experience_id: SAVE } });
  expect(anonymous.status).toBe(401);
  expect(await statusOf(cy, 'home_onboarding:nope')).toBeUndefined();
});

it('completes "save your first Pin" on the first save event, once, when delivered twice or after a later save', async () => {
  const di = await person('di');
  const first = pinSaved(di, new Date(Date.now() - 60_000));
  const later = pinSaved(di);
  await send(later);
  await waitFor(async () => ((await statusOf(di, SAVE))?.status === 'completed' ? true : undefined), 'save step completed');
  const completedAt = (await statusOf(di, SAVE))!.at;
  // The same event again, and an earlier save arriving late: nothing changes.
  await send(later);
  await send(first);
  const handled = async () => (await service.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === 'experience-pin-saved').reduce((n, v) => n + v.value, 0);
  await waitFor(async () => ((await handled()) >= 3 ? true : undefined), 'the repeat and the late save handled');
  expect(await statusOf(di, SAVE)).toEqual({ status: 'completed', rank: 3, at: completedAt });
  expect(await idsAt(di, 'home_onboarding')).toEqual([FOLLOW]);
  // Following a board completes the other step.
  await send(newEvent('pins-boards', 'pins.board.followed.v1', 'b1', { followerId: di.id, boardId: 'b1', viaUser: false }));
  await waitFor(async () => ((await idsAt(di, 'home_onboarding')).length === 0 ? true : undefined), 'follow step completed');
});

it('serves what an operator sets, targeted by country and account age, triggered, and disabled within a second', async () => {
  const definitions = new ExperienceDefinitions(conn);
  const tip = {
    placement_id: 'save_success', experience_id: 'board_tip', display_data: { title: 'Organise with sections', button_text: 'Try it', button_link: '/board/create/' },
    targeting: { countries: ['SE'], account_age_days_max: 30 }, completed_by_events: [],
  };
  expect(await experiencesCommand(definitions, ['set', JSON.stringify(tip)])).toEqual([expect.stringMatching(/^save_success:board_tip is set \(on\)/)]);
  await expect(experiencesCommand(definitions, ['set', JSON.stringify({ ...tip, targeting: { countries: ['sweden'] } })])).rejects.toThrow(/targeting.countries.0: A country is two upper-case letters/);
  const next = { placement_id: 'save_success', experience_id: 'next_tip', display_data: { title: 'Now invite a friend' }, triggered_only: true, priority: 200 };
  await experiencesCommand(definitions, ['set', JSON.stringify(next)]);
  await experiencesCommand(definitions, ['set', JSON.stringify({ ...tip, triggerable_placed_exps: ['save_success:next_tip'] })]);

  const swede = await person('swede', { country: 'SE' });
  const old = await person('old', { country: 'SE', registeredAt: new Date(Date.now() - 90 * 24 * 3600_000) });
  const dane = await person('dane', { country: 'DK' });
  await waitFor(async () => ((await idsAt(swede, 'save_success')).includes('save_success:board_tip') ? true : undefined), 'the new experience served');
  expect(await idsAt(old, 'save_success')).toEqual([]);
  expect(await idsAt(dane, 'save_success')).toEqual([]);
  // Completing the tip triggers the next one, shown only from then on.
  await change(swede, 'UserExperienceCompletedResource', 'update', { placed_experience_id: 'save_success:board_tip' });
  expect(await idsAt(swede, 'save_success')).toEqual(['save_success:next_tip']);
  // A trigger by hand, with extra_context as a JSON string.
  const put = await request(service.url).put('/v3/experiences/save_success:next_tip/trigger/').set(viewers.bearer(dane)).send({ extra_context: JSON.stringify({ pin_id: 'p1' }) });
  expect(put.body.resource_response.data).toEqual({ placed_experience_id: 'save_success:next_tip', status: 'triggered' });
  expect(await idsAt(dane, 'save_success')).toEqual(['save_success:next_tip']);
  const badJson = await request(service.url).put('/v3/experiences/save_success:next_tip/trigger/').set(viewers.bearer(dane)).send({ extra_context: '{nope' });
  expect(badJson.status).toBe(400);

  expect(await experiencesCommand(definitions, ['disable', 'save_success:next_tip'])).toEqual([expect.stringMatching(/is off/)]);
  await waitFor(async () => ((await idsAt(dane, 'save_success')).length === 0 ? true : undefined), 'the disabled experience gone', 5000);
  await expect(experiencesCommand(definitions, ['disable', 'save_success:nope'])).rejects.toThrow(/there is no experience save_success:nope/);
});

it("a change made through one instance is seen at once by another that kept the person's statuses", async () => {
  const other = await startService(experiencesService(loadExperiencesConfig(env())));
  // Ready means its event consumers joined: closed before that, they would go on alone.
  await waitFor(async () => ((await request(other.url).get('/readyz')).status === 200 ? true : undefined), 'the other instance ready', 30_000);
  try {
    const fay = await person('fay');
    const at = (url: string) => request(url).get(resource('UserExperienceResource', 'get')).query({ data: JSON.stringify({ options: { placement_ids: ['home_onboarding'], multi_experience: true } }) }).set(viewers.bearer(fay));
    const idsVia = async (url: string) => ((await at(url)).body.resource_response.data as UserExperiencesResponse)['home_onboarding']!.map((e) => e.placed_experience_id);
    // Both instances read (and keep) her statuses.
    expect(await idsVia(other.url)).toEqual([SAVE, FOLLOW]);
    expect(await idsVia(service.url)).toEqual([SAVE, FOLLOW]);
    await change(fay, 'UserExperienceResource', 'delete', { placed_experience_id: SAVE });
    expect(await idsVia(other.url)).toEqual([FOLLOW]);
  } finally {
    await other.close();
  }
});

it('keeps statuses across a restart', async () => {
  const eve = await person('eve');
  await change(eve, 'UserExperienceResource', 'delete', { placed_experience_id: SAVE });
  await service.close();
  service = await startService(experiencesService(loadExperiencesConfig(env())));
  await waitFor(async () => ((await request(service.url).get('/readyz')).status === 200 ? true : undefined), 'experiences ready again', 30_000);
  expect(await idsAt(eve, 'home_onboarding')).toEqual([FOLLOW]);
});
