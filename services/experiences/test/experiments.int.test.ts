import { CONTROL_GROUPS, EXPERIMENT_OVERRIDE_COOKIE, VISITOR_COOKIE } from '@pinhive/contracts';
import { startService, type RunningService } from '@pinhive/kit';
import { loadExperiencesConfig, type ExperiencesConfig } from '../src/config';
import { experiencesService } from '../src/service';
import { Browser } from '../../../test/support/browser';
import request from 'supertest';
import { serviceEnv, uniqueName, waitFor } from '../../../test/support/servers';

/** The experiments call through the real HTTP stack of the service. */
async function start(extra: Record<string, string>) {
  const service = await startService(experiencesService(loadExperiencesConfig({ ...serviceEnv(uniqueName('exp'), `${uniqueName('e')}.`), ...extra })));
  // Ready means its event consumers joined: closed before that, they would go on alone.
  await waitFor(async () => ((await request(service.url).get('/readyz')).status === 200 ? true : undefined), 'experiences ready', 30_000);
  return service;
}

const groups = async (b: Browser) => (await b.get('/v3/experiences/experiments/')).body.resource_response.data;

let half: RunningService<ExperiencesConfig>;
beforeAll(async () => {
  half = await start({ EXPERIMENT_ALLOCATIONS: 'kr_privacy_consent=enabled:50' });
});
afterAll(() => half?.close());

it('gives a visitor a lasting browser id and the same group on every visit', async () => {
  const b = new Browser(half.url);
  const first = await groups(b);
  const visitor = b.cookies.get(VISITOR_COOKIE);
  expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
  for (let i = 0; i < 3; i++) expect(await groups(b)).toEqual(first);
  expect(b.cookies.get(VISITOR_COOKIE)).toBe(visitor);
});

it('splits visitors between the groups', async () => {
  const seen = new Set<unknown>();
  for (let i = 0; i < 40 && seen.size < 2; i++) seen.add(((await groups(new Browser(half.url))) as { kr_privacy_consent: string }).kr_privacy_consent);
  expect(seen).toEqual(new Set(['control', 'enabled']));
});

it('forces a group with the override cookie outside production only', async () => {
  const off = await start({ EXPERIMENT_ALLOCATIONS: 'kr_privacy_consent=enabled:0' });
  const prod = await start({ EXPERIMENT_ALLOCATIONS: 'kr_privacy_consent=enabled:0', NODE_ENV: 'production' });
  try {
    const b = new Browser(off.url);
    b.cookies.set(EXPERIMENT_OVERRIDE_COOKIE, 'kr_privacy_consent:enabled');
    // The override names one experiment; the others keep their allocation (control, at 0%).
    expect(await groups(b)).toEqual({ ...CONTROL_GROUPS, kr_privacy_consent: 'enabled' });
    const p = new Browser(prod.url);
    p.cookies.set(EXPERIMENT_OVERRIDE_COOKIE, 'kr_privacy_consent:enabled');
    expect(await groups(p)).toMatchObject({ kr_privacy_consent: 'control' });
  } finally {
    await Promise.all([off.close(), prod.close()]);
  }
});

it('refuses to start with an allocation it cannot read', () => {
  expect(() => loadExperiencesConfig({ ...serviceEnv('x', 'x.'), EXPERIMENT_ALLOCATIONS: 'kr_privacy_consent=enabled:150' })).toThrow(/the share must be 0 to 100/);
});
