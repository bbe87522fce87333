import { adEventsAcceptedSchema, type AdEventsBody } from '@pinhive/contracts';
import { apiRequest } from '../api/client';

/*
 * The ads service's events (services/contracts/src/ad-serving.ts), through the gateway's
 * `/ads/v4/`: the same envelope, session and CSRF header as every other call. (Promoted pins come
 * with the pages of the lists they are placed in: promoted/queries.ts.)
 */

/**
 * `POST /ads/v4/events/`: impressions and clicks, by the tokens their items were served with.
 * `keepalive` so that a batch sent as the page is hidden or left still arrives: unlike
 * `navigator.sendBeacon`, a keepalive fetch carries headers, so it has the CSRF header every
 * cookie-authenticated write needs (api/csrf.ts), and the session renewal of api/client.ts.
 */
export async function sendAdEvents(body: AdEventsBody): Promise<void> {
  await apiRequest('/ads/v4/events/', { method: 'POST', body, schema: adEventsAcceptedSchema, keepalive: true });
}
