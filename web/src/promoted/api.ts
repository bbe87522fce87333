import { adEventsAcceptedSchema, adServeResponseSchema, type AdEventsBody, type AdPlacement, type PromotedPin } from '@pinhive/contracts';
import { apiRequest } from '../api/client';

/*
 * The ads service's serving and events (services/contracts/src/ad-serving.ts), through the
 * gateway's `/ads/v4/`: the same envelope, session and CSRF header as every other call.
 */

/**
 * `GET /ads/v4/serve/`: up to `count` promoted pins for this viewer (signed in or not) at a
 * placement; beside a search, `q` is the search (only pins its words answer are served).
 */
export async function fetchPromotedPins(placement: AdPlacement, count: number, signal?: AbortSignal, q?: string): Promise<PromotedPin[]> {
  const query = new URLSearchParams({ placement, count: String(count), ...(q ? { q } : {}) });
  return (await apiRequest(`/ads/v4/serve/?${query.toString()}`, { schema: adServeResponseSchema, signal })).items;
}

/**
 * `POST /ads/v4/events/`: impressions and clicks, by the tokens their items were served with.
 * `keepalive` so that a batch sent as the page is hidden or left still arrives: unlike
 * `navigator.sendBeacon`, a keepalive fetch carries headers, so it has the CSRF header every
 * cookie-authenticated write needs (api/csrf.ts), and the session renewal of api/client.ts.
 */
export async function sendAdEvents(body: AdEventsBody): Promise<void> {
  await apiRequest('/ads/v4/events/', { method: 'POST', body, schema: adEventsAcceptedSchema, keepalive: true });
}
