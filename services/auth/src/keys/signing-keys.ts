import { generateKeyPairSync, randomUUID, createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Connection } from 'mongoose';
import { ACCESS_TOKEN_ALG, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, publicKeyFromJwk, verifySignedToken, type KeyLookup } from '@pinhive/kit';
import type { ViewerType } from '@pinhive/contracts';
import { z } from 'zod';

/** The claims of a `signOther` token that say what it is for. */
const otherClaims = z.object({ sub: z.string().min(1), typ: z.string() });

interface KeyDoc {
  _id: string;
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  createdAt: Date;
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

  private col() {
    return this.conn.collection<KeyDoc>('signing_keys');
  }

  /** Loads the keys, creating the first one when there is none. Retried until it works. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      // Before the first connect mongoose only queues commands; wait for the connection.
      await this.conn.asPromise();
      let docs = await this.col().find().sort({ createdAt: -1 }).toArray();
      if (docs.length === 0) {
        const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const doc: KeyDoc = { _id: randomUUID(), privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }), createdAt: new Date() };
        // Two instances starting at once may both create one: harmless, the newest signs.
        await this.col().insertOne(doc);
        docs = await this.col().find().sort({ createdAt: -1 }).toArray();
      }
      const newest = docs[0]!;
      this.signing = { kid: newest._id, key: createPrivateKey({ key: newest.privateJwk, format: 'jwk' }) };
      this.publicKeys = new Map(docs.map((d) => [d._id, publicKeyFromJwk(d.publicJwk)]));
      this.publicJwks = docs.map((d) => ({ ...d.publicJwk, kid: d._id, alg: ACCESS_TOKEN_ALG, use: 'sig' }));
    })().catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
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
