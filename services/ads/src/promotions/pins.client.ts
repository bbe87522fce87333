import { pinSchema, PROMOTE_SIGNED_OUT_DETAIL, type Pin } from '@pinhive/contracts';
import { appError, serviceUnavailable, type Logger } from '@pinhive/kit';
import type { Request } from 'express';

/** A pin read that takes longer is given up (the promotion answers 503 and may be retried). */
const READ_TIMEOUT_MS = 5_000;
/** The viewer's credentials, passed on as they came: pins-boards applies its own pin policy to them. */
const FORWARDED = ['authorization', 'cookie'] as const;

/**
 * The pin a viewer wants to promote, as pins-boards shows it to them (`GET /v3/pins/{id}/`):
 * ads asks with the viewer's own credentials, so "a pin they may read" is pins-boards' pin
 * policy, in its one place, and not a copy here. Null when the viewer may not read it (or it
 * is gone); 503 when pins-boards does not answer.
 */
export class PinsClient {
  constructor(private readonly opts: { url: string | undefined; logger: Logger }) {}

  async readAs(req: Request, pinId: string): Promise<Pin | null> {
    if (!this.opts.url) throw serviceUnavailable('PINS_BOARDS_URL is not set');
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of FORWARDED) {
      const value = req.get(name);
      if (value) headers[name] = value;
    }
    const requestId = req.get('x-request-id');
    if (requestId) headers['x-request-id'] = requestId;
    let res: Response;
    try {
      res = await fetch(new URL(`/v3/pins/${encodeURIComponent(pinId)}/`, this.opts.url), { headers, signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    } catch (err) {
      this.opts.logger.warn({ err, pinId }, 'pins-boards did not answer a pin read');
      throw serviceUnavailable('pins-boards did not answer');
    }
    if (res.status === 404 || res.status === 403) return null;
    // The viewer's session ended between ads' check and pins-boards' (section 8: shown under the pin).
    if (res.status === 401) throw appError('unauthorized', { detail: PROMOTE_SIGNED_OUT_DETAIL });
    if (!res.ok) throw serviceUnavailable(`pins-boards answered ${res.status}`);
    const body = (await res.json()) as { resource_response?: { data?: unknown } };
    const pin = pinSchema.safeParse(body.resource_response?.data);
    if (!pin.success) throw serviceUnavailable('pins-boards answered a pin ads cannot read');
    return pin.data;
  }
}
