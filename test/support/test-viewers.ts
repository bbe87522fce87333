import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@pinhive/kit';

/**
 * Signed-in viewers for services other than auth, without running auth: a key pair of the
 * test's own, its JWKS served (in auth's envelope) on a local port for AUTH_JWKS_URL, and
 * bearer headers signed with it, as auth signs access tokens.
 */
export async function testViewers() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-viewers', alg: 'ES256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ resource_response: { status: 'success', data: { keys: [jwk] } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const bearer = (user: { id: string; username: string }) => ({
    authorization: `Bearer ${jwt.sign({ sid: `session-of-${user.id}`, typ: 'access', vt: 'AUTH', usr: user.username }, privateKey, {
      algorithm: 'ES256', keyid: 'test-viewers', subject: user.id, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, expiresIn: 600,
    })}`,
  });
  return {
    jwksUrl: `http://127.0.0.1:${port}/v3/auth/jwks/`,
    bearer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
