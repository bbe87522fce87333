import { isApiError } from '../api/client';
import { sendAdEvents } from './api';
import { AdEventQueue, type AdEvent } from './eventQueue';

/** A send that may pass on another try: no answer, the server busy or failing; not a refusal (4xx). */
const retryable = (error: unknown): boolean => isApiError(error) && (error.http_status === 0 || error.http_status === 429 || error.http_status >= 500);

let queue: AdEventQueue | null = null;

/**
 * The tab's one queue of ad events, made at its first event. Everything gathered goes at once
 * when the page is hidden (`visibilitychange`, which also comes before a tab is closed on
 * today's browsers) or left (`pagehide`), by keepalive requests that outlive the page.
 */
function adEventQueue(): AdEventQueue {
  if (queue) return queue;
  const made = new AdEventQueue({ send: sendAdEvents, retryable });
  const flush = () => made.flushAll();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  queue = made;
  return made;
}

/** Records an impression or a click of a served item (by its token); a click goes at once. */
export function recordAdEvent(event: AdEvent): void {
  const events = adEventQueue();
  events.add(event);
  if (event.kind === 'click') events.flush();
}
