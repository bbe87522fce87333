import { generateKeyPairSync, randomUUID, createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Connection } from 'mongoose';
import { ACCESS_TOKEN_ALG, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, isDuplicateKey, publicKeyFromJwk, verifySignedToken, type KeyLookup } from '@pinhive/kit';
import type { ViewerType } from '@pinhive/contracts';
import { z } from 'zod';

/** The claims of a `signOther` token that say what it is for. */
const otherClaims = z.object({ sub: z.string().min(1), typ: z.string() });

interface KeyDoc {
  kid: string;
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  createdAt: Date;
}

/**
 * All the keys in one document, newest first: loading them is one read by `_id`, however many
 * keys there are (FerretDB pushes neither a sort nor a limit with it down, so the former
 * `find().sort({ createdAt: -1 })` over one document per key read the whole collection).
 */
interface KeySetDoc {
  _id: typeof KEY_SET_ID;
  keys: KeyDoc[];
}

/** How keys were stored before the key set: one document each, `_id` = kid. */
interface LegacyKeyDoc {
  _id: string;
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  createdAt: Date;
}

const COLLECTION = 'signing_keys';
const KEY_SET_ID = 'keys';

function newKey(): KeyDoc {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { kid: randomUUID(), privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }), createdAt: new Date() };
}

/**
 * The ES256 keys that sign access tokens. Auth creates its first key itself and keeps it in its
 * own database, so no key material lives in the repository or the environment; the public
 * halves are published as a JWKS for the other services. Newest key signs; all verify.
 */
export class SigningKeys {
  private signing: { kid: string; key: KeyObject } | undefined;
  private publicKeys = new Map<string, KeyObject>();
  private publicJwks: (JsonWebKey & { kid: string })[] = [];
  private loading: Promise<void> | undefined;

  constructor(private readonly conn: Connection, private readonly accessTtlSeconds: number) {}

  private sets() {
    return this.conn.collection<KeySetDoc>(COLLECTION);
  }

  /** Loads the keys, creating the first one when there is none. Retried until it works. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      // Before the first connect mongoose only queues commands; wait for the connection.
      await this.conn.asPromise();
      const { keys } = (await this.sets().findOne({ _id: KEY_SET_ID })) ?? (await this.createSet());
      const newest = keys[0]!;
      this.signing = { kid: newest.kid, key: createPrivateKey({ key: newest.privateJwk, format: 'jwk' }) };
      this.publicKeys = new Map(keys.map((k) => [k.kid, publicKeyFromJwk(k.publicJwk)]));
      this.publicJwks = keys.map((k) => ({ ...k.publicJwk, kid: k.kid, alg: ACCESS_TOKEN_ALG, use: 'sig' }));
    })().catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  /**
   * The first start stores the key set: the keys of the former one-document-per-key shape when
   * there are any (tokens they signed stay valid; a one-time read of those few documents), else
   * a new key. Two instances starting at once both try; `$setOnInsert` stores one set only, and
   * both read it back, so they sign with the same key.
   */
  private async createSet(): Promise<KeySetDoc> {
    const legacy = await this.conn.collection<LegacyKeyDoc>(COLLECTION).find({ _id: { $ne: KEY_SET_ID } }).toArray();
    const keys = legacy
      .map((d): KeyDoc => ({ kid: d._id, privateJwk: d.privateJwk, publicJwk: d.publicJwk, createdAt: d.createdAt }))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    await this.sets()
      .updateOne({ _id: KEY_SET_ID }, { $setOnInsert: { keys: keys.length > 0 ? keys : [newKey()] } }, { upsert: true })
      .catch((err: unknown) => {
        // MongoDB may refuse the second of two simultaneous upserts; the other one stored the set.
        if (!isDuplicateKey(err)) throw err;
      });
    const set = await this.sets().findOne({ _id: KEY_SET_ID });
    if (!set) throw new Error('the signing key set was not stored');
    return set;
  }

  ready(): boolean {
    return this.signing !== undefined;
  }

  /** Signs a short-lived access token for a session. */
  async sign(claims: { userId: string; sessionId: string; username: string; viewerType: ViewerType }): Promise<string> {
    await this.load();
    const { kid, key } = this.signing!;
    return jwt.sign({ sid: claims.sessionId, typ: 'access', vt: claims.viewerType, usr: claims.username }, key, {
      algorithm: ACCESS_TOKEN_ALG,
      keyid: kid,
      subject: claims.userId,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      expiresIn: this.accessTtlSeconds,
    });
  }

  /**
   * Signs another kind of token of ours (e.g. the browser recognition): its own audience, so it
   * can never pass as an access token.
   */
  async signOther(claims: { subject: string; audience: string; typ: string; expiresInSeconds: number }): Promise<string> {
    await this.load();
    const { kid, key } = this.signing!;
    return jwt.sign({ typ: claims.typ }, key, {
      algorithm: ACCESS_TOKEN_ALG, keyid: kid, subject: claims.subject, issuer: ACCESS_TOKEN_ISSUER, audience: claims.audience, expiresIn: claims.expiresInSeconds,
    });
  }

  /** Verifies a token of `signOther` (the kit's checks): the subject, or null for anything not valid. */
  async verifyOther(token: string, expected: { audience: string; typ: string }): Promise<string | null> {
    const claims = otherClaims.safeParse(await verifySignedToken(token, this.lookup, expected.audience).catch(() => null));
    return claims.success && claims.data.typ === expected.typ ? claims.data.sub : null;
  }

  /** Verification keys by kid, for auth's own routes. */
  lookup: KeyLookup = async (kid) => {
    await this.load().catch(() => undefined);
    return this.publicKeys.get(kid);
  };

  jwks(): { keys: (JsonWebKey & { kid: string })[] } {
    return { keys: this.publicJwks };
  }
}
