import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { startService, type RunningService } from '@pinhive/kit';
import { loadAdsConfig, type AdsConfig } from '../../services/ads/src/config';
import { adsService } from '../../services/ads/src/service';
import { loadAuthConfig, type AuthConfig } from '../../services/auth/src/config';
import { authService } from '../../services/auth/src/service';
import { loadExperiencesConfig, type ExperiencesConfig } from '../../services/experiences/src/config';
import { experiencesService } from '../../services/experiences/src/service';
import { seedProfiles, type Person } from '../../services/pins-boards/test/support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from '../../services/pins-boards/test/support/service-under-test';
import { Browser } from '../support/browser';
import { serviceEnv, servers, uniqueName, untilReady } from '../support/servers';

/**
 * Hostile bodies (issue 26, "Hostile input") against every write route of every service, as
 * each service's own OpenAPI document lists them, on the real store: malformed JSON, a body over
 * the limit, wrong types, 5,000 levels of nesting, wrong content types, bytes that are not UTF-8,
 * lone surrogates, NUL, right-to-left marks and 4-byte emoji in keys. Each is answered with a 4xx
 * in the failure envelope (never a 5xx, never HTML), and nothing is stored: the documents of the
 * service's database are counted before and after. Signed in (auth: a registered account's cookies
 * and CSRF header; the others: a bearer token), so the body is what is judged, not the viewer.
 */
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; pattern?: string; enum?: unknown[] };
type Operation = { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type Target = { name: string; url: string; headers: () => Record<string, string>; db: () => Connection };

const mia: Person = { id: 'user-mia-hostile', username: 'miahostile' };
let auth: RunningService<AuthConfig>;
let authConn: Connection;
let browser: Browser;
let pb: PinsBoardsUnderTest;
let experiences: RunningService<ExperiencesConfig>;
let experiencesConn: Connection;
let ads: RunningService<AdsConfig>;
let adsConn: Connection;

const connect = (db: string) => mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
const ready = (url: string, what: string) => untilReady(url, what, 30_000);

beforeAll(async () => {
  // Each service on topics of its own: nothing one stores reaches another while documents are counted.
  const authDb = uniqueName('hostile_auth');
  auth = await startService(authService(loadAuthConfig({ ...serviceEnv(authDb, `${uniqueName('ha')}.`), BCRYPT_COST: '10' })));
  await ready(auth.url, 'auth ready');
  authConn = await connect(authDb);
  browser = new Browser(auth.url);
  const registered = await browser.post('/v3/register/', { type: 'email', email: `${uniqueName('hostile')}@example.com`, password: 'correct horse 42', birthday: 631152000 });
  expect(registered.status).toBe(201);

  pb = await startPinsBoards('hostile');
  await seedProfiles(pb.conn, [[mia, 'Mia']]);
  const expDb = uniqueName('hostile_exp');
  experiences = await startService(experiencesService(loadExperiencesConfig({ ...serviceEnv(expDb, `${uniqueName('he')}.`), AUTH_JWKS_URL: pb.viewers.jwksUrl })));
  await ready(experiences.url, 'experiences ready');
  experiencesConn = await connect(expDb);
  const adsDb = uniqueName('hostile_ads');
  ads = await startService(adsService(loadAdsConfig({ ...serviceEnv(adsDb, `${uniqueName('hd')}.`), AUTH_JWKS_URL: pb.viewers.jwksUrl, PINS_BOARDS_URL: pb.service.url })));
  await ready(ads.url, 'ads ready');
  adsConn = await connect(adsDb);
}, 120_000);

afterAll(async () => {
  await Promise.all([authConn, experiencesConn, adsConn].filter(Boolean).map(async (c) => { await c.dropDatabase().catch(() => undefined); await c.close(); }));
  await Promise.all([auth?.close(), experiences?.close(), ads?.close()]);
  await pb?.close();
});

/** Documents in every collection of a service's database. */
async function documents(conn: Connection): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of await conn.db!.listCollections().toArray()) counts[name] = await conn.db!.collection(name).countDocuments();
  return counts;
}

/** A path of the document with its parameters filled: an id where the schema wants digits. */
function concretePath(path: string, op: Operation): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const s = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    if (s?.enum?.length) return String(s.enum[0]);
    return s?.pattern?.includes('\\d') ? '1' : 'x';
  });
}

/** A value of another type than the schema's. */
function wrongType(s: Schema | undefined): unknown {
  const type = Array.isArray(s?.type) ? s.type[0] : s?.type;
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer' || type === 'boolean' || type === 'object' || type === 'array') return 'not-a-' + type;
  return Symbol.for('none');
}

type Hostile = { name: string; contentType: string; body: string | Buffer; alwaysRefused: boolean };

/** The hostile bodies for one route's JSON body schema. */
function hostileBodies(schema: Schema): Hostile[] {
  const props = Object.entries(schema.properties ?? {});
  const json = (name: string, body: unknown, alwaysRefused = true): Hostile => ({ name, contentType: 'application/json', body: JSON.stringify(body), alwaysRefused });
  const deepArray = '['.repeat(5000) + ']'.repeat(5000);
  const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
  const every = (value: string) => `{${props.map(([k]) => `${JSON.stringify(k)}:${value}`).join(',')}}`;
  const wrong = Object.fromEntries(props.map(([k, s]) => [k, wrongType(s)]).filter(([, v]) => typeof v !== 'symbol'));
  const list: Hostile[] = [
    { name: 'malformed JSON', contentType: 'application/json', body: '{"options": {"name": "x",', alwaysRefused: true },
    { name: 'trailing garbage after JSON', contentType: 'application/json', body: '{}}', alwaysRefused: true },
    { name: 'a body of 2 MB', contentType: 'application/json', body: JSON.stringify({ options: { name: 'x'.repeat(2 * 1024 * 1024) } }), alwaysRefused: true },
    json('an array for an object', [1, 2, 3]),
    json('a bare string for an object', 'options'),
    { name: '5,000 levels of arrays', contentType: 'application/json', body: deepArray, alwaysRefused: true },
    { name: '5,000 levels of objects in every field', contentType: 'application/json', body: props.length ? every(deepObject) : deepObject, alwaysRefused: (schema.required ?? []).length > 0 || props.length > 0 },
    { name: 'plain text', contentType: 'text/plain', body: '{"options": {}}', alwaysRefused: true },
    { name: 'XML', contentType: 'application/xml', body: '<options><name>x</name></options>', alwaysRefused: true },
    { name: 'multipart form', contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n', alwaysRefused: true },
    { name: 'Latin-1 bytes', contentType: 'application/json', body: Buffer.concat([Buffer.from('{"name": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]), alwaysRefused: true },
    { name: 'invalid UTF-8 sequences', contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), alwaysRefused: true },
    { name: 'a lone surrogate in every field and a key', contentType: 'application/json', body: props.length ? `${every('"x\\ud800"').slice(0, -1)},"\\udc00":1}` : '{"\\udc00":1}', alwaysRefused: true },
    { name: 'NUL in every field and a key', contentType: 'application/json', body: props.length ? `${every('"x\\u0000"').slice(0, -1)},"k\\u0000":1}` : '{"k\\u0000":1}', alwaysRefused: true },
    // Keys that look like the fields but are not (a right-to-left override before the name), and
    // 4-byte emoji keys: what the route requires is missing.
    json('right-to-left marks and 4-byte emoji in keys', Object.fromEntries([...props.map(([k]) => [`\u202e${k}`, 'x']), ['🦄😀', '\u200f𝕏'], ['\u{1F600}', { '\u{1F984}': '\u202e'}]]), (schema.required ?? []).length > 0),
  ];
  if (Object.keys(wrong).length > 0) list.push(json('wrong types in every field', wrong));
  return list;
}

function envelopeProblem(status: number, text: string): string | undefined {
  let body: { resource_response?: { status?: string; error?: { code?: unknown; message?: unknown; http_status?: unknown } } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `not JSON: ${text.slice(0, 80)}`;
  }
  const rr = body.resource_response;
  if (status >= 400 && (rr?.status !== 'failure' || typeof rr.error?.code !== 'string' || typeof rr.error.message !== 'string' || rr.error.http_status !== status)) {
    return `not the failure envelope: ${text.slice(0, 120)}`;
  }
  return undefined;
}

const targets: Target[] = [
  { name: 'auth', url: '', headers: () => ({ cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrftoken': browser.cookies.get('csrftoken') ?? '' }), db: () => authConn },
  { name: 'pins-boards', url: '', headers: () => pb.viewers.bearer(mia), db: () => pb.conn },
  { name: 'experiences', url: '', headers: () => pb.viewers.bearer(mia), db: () => experiencesConn },
  { name: 'ads', url: '', headers: () => pb.viewers.bearer(mia), db: () => adsConn },
];
const urlOf = (name: string) => ({ auth: auth.url, 'pins-boards': pb.service.url, experiences: experiences.url, ads: ads.url })[name]!;

describe.each(targets.map((t) => [t.name, t] as const))('%s: every write route with a JSON body', (name, target) => {
  it('answers each hostile body with a 4xx in the failure envelope and stores nothing', async () => {
    const url = urlOf(name);
    const doc = (await request(url).get('/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).filter(([method, op]) => method !== 'get' && op.requestBody?.content['application/json']).map(([method, op]) => ({ method, path, op })));
    expect(routes.length).toBeGreaterThan(0);
    const before = await documents(target.db());
    const problems: string[] = [];
    let sent = 0;
    for (const { method, path, op } of routes) {
      const at = concretePath(path, op);
      for (const hostile of hostileBodies(op.requestBody!.content['application/json']!.schema)) {
        const res = await fetch(`${url}${at}`, { method: method.toUpperCase(), headers: { ...target.headers(), 'content-type': hostile.contentType }, body: hostile.body });
        sent += 1;
        const text = await res.text();
        const what = `${method.toUpperCase()} ${path} with ${hostile.name}: ${res.status}`;
        if (res.status >= 500) problems.push(`${what} ${text.slice(0, 160)}`);
        else if (hostile.alwaysRefused && res.status < 400) problems.push(`${what} (accepted)`);
        else {
          const bad = envelopeProblem(res.status, text);
          if (bad) problems.push(`${what} ${bad}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
    expect(await documents(target.db())).toEqual(before);
  }, 300_000);
});
