import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type KeyLookup } from '../../src/auth/tokens';

/**
 * Access tokens for kit tests: a key pair of our own, its lookup for `createHttpApp`, and a
 * signer for viewers (expired ones too, to see the refusal reason pass through).
 */
export function testTokens() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyLookup: KeyLookup = async (kid) => (kid === 'test-key' ? publicKey : undefined);
  const sign = (userId: string, opts: { expiresIn?: number } = {}) =>
    jwt.sign({ sid: `session-of-${userId}`, typ: 'access', vt: 'AUTH', usr: userId }, privateKey, {
      algorithm: 'ES256', keyid: 'test-key', subject: userId, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, expiresIn: opts.expiresIn ?? 60,
    });
  /** The header that signs the request in as `userId`. */
  const bearer = (userId: string, opts: { expiresIn?: number } = {}) => ({ authorization: `Bearer ${sign(userId, opts)}` });
  return { keyLookup, bearer };
}
