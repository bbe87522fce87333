import { SOCIAL_POPUP_POLL_MS, type SignInProvider } from '@pinhive/contracts';
import { readPopupMessage, stateOf, type PopupAnswer } from './callback';

/** An attempt left waiting this long (the person walked away from the provider's page) ends. */
export const POPUP_TIMEOUT_MS = 5 * 60_000;
/**
 * The callback page posts, then closes. Once the popup is seen closed, a post already on its way
 * is given this long to arrive before the attempt counts as abandoned.
 */
const CLOSED_GRACE_MS = 300;

export type PopupResult =
  | PopupAnswer
  /** The person closed the popup: the attempt ends quietly. */
  | { kind: 'closed' }
  /** No answer within POPUP_TIMEOUT_MS. */
  | { kind: 'timeout' };

export interface ProviderPopup {
  /**
   * Sends the popup to the provider's authorisation page and resolves when the attempt ends:
   * with the callback page's answer (same origin, this provider, this address's `state`), when
   * the popup is closed, or after POPUP_TIMEOUT_MS. `signal` ends it early (the form went away).
   */
  run: (authorizationUri: string, signal?: AbortSignal) => Promise<PopupResult>;
  /** Closes the popup without sending it anywhere (the start call failed). */
  close: () => void;
}

/** A centred window of the size providers' sign-in pages are made for. */
function features(): string {
  const width = 500;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the sign-in popup, blank. Call it in the click's own handler, before any request:
 * browsers let a page open a window only while the person's click is being handled, so the
 * window opens first and gets the provider's address (`run`) once the start or check answers.
 * Null when the browser blocked it (spec: "You must enable popups!").
 */
export function openProviderPopup(provider: SignInProvider): ProviderPopup | null {
  const popup = window.open('about:blank', `pinhive-${provider}`, features());
  if (!popup) return null;

  const close = () => {
    if (!popup.closed) popup.close();
  };

  const run = (authorizationUri: string, signal?: AbortSignal) =>
    new Promise<PopupResult>((resolve) => {
      const state = stateOf(authorizationUri);
      if (!state || signal?.aborted) {
        close();
        resolve({ kind: 'failed', reason: state ? 'aborted' : 'no_state' });
        return;
      }
      let finished = false;
      const timers: ReturnType<typeof setTimeout>[] = [];
      const finish = (result: PopupResult) => {
        if (finished) return;
        finished = true;
        window.removeEventListener('message', onMessage);
        signal?.removeEventListener('abort', onAbort);
        clearInterval(poll);
        timers.forEach(clearTimeout);
        close();
        resolve(result);
      };
      const onMessage = (event: MessageEvent) => {
        // Only the callback page in this popup, on our own origin, is listened to.
        if (event.origin !== window.location.origin || event.source !== popup) return;
        const answer = readPopupMessage(event.data, { provider, state });
        if (answer) finish(answer);
      };
      const onAbort = () => finish({ kind: 'failed', reason: 'aborted' });
      window.addEventListener('message', onMessage);
      signal?.addEventListener('abort', onAbort);
      const poll = setInterval(() => {
        if (!popup.closed) return;
        clearInterval(poll);
        timers.push(setTimeout(() => finish({ kind: 'closed' }), CLOSED_GRACE_MS));
      }, SOCIAL_POPUP_POLL_MS);
      timers.push(setTimeout(() => finish({ kind: 'timeout' }), POPUP_TIMEOUT_MS));
      try {
        popup.location.href = authorizationUri;
      } catch {
        finish({ kind: 'failed', reason: 'navigation' });
      }
    });

  return { run, close };
}
