import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import mongoose, { type Connection } from 'mongoose';
import { SigningKeys } from '../src/keys/signing-keys';
import { servers, uniqueName } from '../../../test/support/servers';

/**
 * Signing keys on the real store: all of them in one `{ _id: 'keys' }` document, loaded by one
 * read by `_id`; the first start makes the first key, and instances starting together agree.
 */
let db: string;
const conns: Connection[] = [];
const connect = async () => {
  const conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  conns.push(conn);
  return conn;
};
const kidOf = (token: string) => (jwt.decode(token, { complete: true })?.header.kid ?? '');
const sign = (keys: SigningKeys) => keys.sign({ userId: 'u1', sessionId: 's1', username: 'ada', viewerType: 'AUTH' });

beforeEach(() => { db = uniqueName('keys'); });
afterEach(async () => {
  await conns[0]?.dropDatabase().catch(() => undefined);
  await Promise.all(conns.splice(0).map((c) => c.close()));
});

it('the first start makes a key; a restart finds the same one', async () => {
  const conn = await connect();
  const first = new SigningKeys(conn, 900);
  await first.load();
  expect(first.ready()).toBe(true);
  const docs = await conn.collection('signing_keys').find({}).toArray();
  expect(docs).toHaveLength(1);
  expect(docs[0]).toMatchObject({ _id: 'keys', keys: [{ kid: expect.any(String) }] });

  const again = new SigningKeys(conn, 900);
  const token = await sign(again);
  expect(kidOf(token)).toBe(first.jwks().keys[0]!.kid);
  expect(again.jwks().keys).toEqual(first.jwks().keys);
  expect(again.jwks().keys[0]).not.toHaveProperty('d');
  expect(await again.lookup(kidOf(token))).toBeDefined();
});

it('instances starting at once store one key set and sign with the same key', async () => {
  const instances = await Promise.all([connect(), connect(), connect()]).then((cs) => cs.map((c) => new SigningKeys(c, 900)));
  const tokens = await Promise.all(instances.map(sign));
  expect(new Set(tokens.map(kidOf)).size).toBe(1);
  const set = await conns[0]!.collection('signing_keys').findOne({ _id: 'keys' as never });
  expect(set?.keys).toHaveLength(1);
});

it('keys stored one document each (before the key set) are taken over: the newest signs, all verify', async () => {
  const conn = await connect();
  const legacyKey = (kid: string, createdAt: Date) => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { _id: kid as never, privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }), createdAt };
  };
  await conn.collection('signing_keys').insertMany([legacyKey('older', new Date('2026-01-01T00:00:00Z')), legacyKey('newer', new Date('2026-02-01T00:00:00Z'))]);

  const keys = new SigningKeys(conn, 900);
  expect(kidOf(await sign(keys))).toBe('newer');
  expect(keys.jwks().keys.map((k) => k.kid)).toEqual(['newer', 'older']);
  expect(await keys.lookup('older')).toBeDefined();
});
