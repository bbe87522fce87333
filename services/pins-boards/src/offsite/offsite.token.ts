import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `/offsite/` redirect's token: an HMAC-SHA256 of the link and the pin, with the service's
 * OFFSITE_SECRET. A link reaches `/offsite/` only as the check answered it, so the redirect
 * cannot be used to send people anywhere else (an open redirect). The token does not expire: it
 * leads only to the link it was made for, and the redirect reads the operators' list again.
 */
export class OffsiteTokens {
  constructor(private readonly secret: string) {}

  sign(url: string, pinId: string | undefined): string {
    return createHmac('sha256', this.secret).update(`${url}\n${pinId ?? ''}`).digest('base64url');
  }

  verify(token: string, url: string, pinId: string | undefined): boolean {
    const expected = Buffer.from(this.sign(url, pinId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The signed path of the redirect, with the spec's query names (`token`, `url`, `pin`). */
  path(url: string, pinId: string | undefined): string {
    const query = new URLSearchParams({ token: this.sign(url, pinId), url, ...(pinId ? { pin: pinId } : {}) });
    return `/offsite/?${query.toString()}`;
  }
}
