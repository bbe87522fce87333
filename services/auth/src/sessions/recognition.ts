import type { Request } from 'express';
import { RECOGNISED_COOKIE, RECOGNITION_DAYS } from '@pinhive/contracts';
import { readCookie } from '@pinhive/kit';
import type { SigningKeys } from '../keys/signing-keys';

const AUDIENCE = 'pinhive-recognition';
const TYP = 'recognition';
export const RECOGNITION_MAX_AGE_SECONDS = RECOGNITION_DAYS * 24 * 3600;

/**
 * Browser recognition for the personalised welcome-back log-in (spec: "a recognised returning
 * visitor"). Each log-in, sign-up and refresh leaves a signed token naming the account in an
 * httpOnly cookie that outlives the session; it proves nothing but who last used this browser,
 * so it only ever chooses which log-in view to show. Stateless: "Not you?" clears the cookie
 * (session.cookies.ts).
 */
export class Recognition {
  constructor(private readonly keys: SigningKeys) {}

  issue(userId: string): Promise<string> {
    return this.keys.signOther({ subject: userId, audience: AUDIENCE, typ: TYP, expiresInSeconds: RECOGNITION_MAX_AGE_SECONDS });
  }

  /** The recognised account's id, or null. */
  async read(req: Request): Promise<string | null> {
    const token = readCookie(req, RECOGNISED_COOKIE);
    return token ? this.keys.verifyOther(token, { audience: AUDIENCE, typ: TYP }) : null;
  }
}
