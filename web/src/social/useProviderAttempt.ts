import { useEffect, useRef, useState } from 'react';
import type { IdentityNotLinkedData, SignInProvider } from '@pinhive/contracts';
import { logIn } from '../api/auth';
import { checkSso, fetchFacebookProfile, startOneTap, startProvider } from '../api/social';
import type { FormMessage } from '../auth/formMessage';
import type { MfaChallenge } from '../auth/mfa';
import type { AuthVariant } from '../auth/targets';
import { useAuthSuccess } from '../auth/useAuthSuccess';
import { useRecovery } from '../recovery/recoveryContext';
import { useHumanCheck } from '../humanCheck/useHumanCheck';
import type { IdentityCredentials } from '@pinhive/contracts';
import { retryWithHumanCheck, runAttempt, runOneTap, type AttemptCalls, type AttemptOptions, type AttemptOutcome, type OneTapCalls } from './attempts';
import { askBrowserForToken } from './oneTap';
import { openProviderPopup } from './popup';
import { describePopupEnd, type ProviderFailure } from './providerErrors';

const CALLS: AttemptCalls = { checkSso, start: startProvider, facebookProfile: fetchFacebookProfile, logIn };
const ONE_TAP_CALLS: OneTapCalls = { startOneTap, prompt: askBrowserForToken, logIn };

/** What shows at the button (or above the SSO form) after an attempt: a message, or the provider's "isn't available". */
export type ShownFailure = Extract<ProviderFailure, { type: 'message' } | { type: 'unavailable' }>;

/** The sign-up that follows an identity with no account (the card's views take it from here). */
export interface NotLinked {
  provider: SignInProvider;
  identity: IdentityNotLinkedData;
  /** Facebook-kind: the person declined the email permission. */
  emailDeclined: boolean;
  /** Google-kind: through one-tap (the sign-up is then a `google_one_tap` one). */
  oneTap?: boolean;
}

export interface ProviderAttemptProps {
  variant: AuthVariant;
  accountSwitch?: boolean;
  /**
   * Hands the sign-up to the card, which may register at once (nothing missing): resolves with a
   * message to show at the button when that failed in place.
   */
  onNotLinked: (notLinked: NotLinked) => Promise<FormMessage | null> | void;
  onMfaRequired: (challenge: MfaChallenge) => void;
}

/**
 * One provider sign-in at a time for a form or a row of buttons: opens the popup on the click
 * (synchronously: `start` must be called in the click's handler), runs the attempt, and on the way
 * out logs in (success target), opens a modal (blocked account, provider turned off), hands the
 * code step or the sign-up to the card, or answers what to show at the button. The popup closes
 * if the form goes away.
 */
export function useProviderAttempt({ variant, accountSwitch = false, onNotLinked, onMfaRequired }: ProviderAttemptProps) {
  const success = useAuthSuccess(variant);
  const recovery = useRecovery();
  const [busy, setBusy] = useState<SignInProvider | null>(null);
  const abort = useRef<AbortController | null>(null);
  // "Too quick" (the IP rule): the check shows, and once passed the same log-in goes again with its token.
  const check = useHumanCheck();
  const held = useRef<{ provider: SignInProvider; credentials: IdentityCredentials; emailDeclined: boolean; oneTap: boolean } | null>(null);
  // The one-tap prompt while it shows (it is the browser's, not a busy button).
  const oneTapAbort = useRef<AbortController | null>(null);

  useEffect(() => () => {
    abort.current?.abort();
    oneTapAbort.current?.abort();
  }, []);

  /** What an attempt's outcome leads to; resolves with what to show at its button. */
  const settle = async (provider: SignInProvider, outcome: AttemptOutcome, onNotSso?: () => void, oneTap = false): Promise<ShownFailure | null> => {
    switch (outcome.type) {
      case 'logged_in':
        check.succeeded();
        await (accountSwitch ? success.accountAdded(outcome.user) : success.loggedIn());
        return null;
      case 'not_sso':
        onNotSso?.();
        return null;
      case 'not_linked': {
        check.succeeded();
        const message = await onNotLinked({ provider, identity: outcome.identity, emailDeclined: outcome.emailDeclined, ...(outcome.oneTap ? { oneTap: true } : {}) });
        return message ? { type: 'message', message } : null;
      }
      case 'failed':
        break;
    }
    if (outcome.credentials && outcome.error !== undefined && check.failed(outcome.error)) {
      held.current = { provider, credentials: outcome.credentials, emailDeclined: false, oneTap };
      return null;
    }
    const failure = outcome.failure;
    switch (failure.type) {
      case 'quiet':
        return null;
      case 'message':
      case 'unavailable':
        return failure;
      case 'disabled':
        recovery.open({ kind: 'social_disabled', provider });
        return null;
      case 'recovery':
        recovery.open(failure.recovery);
        return null;
      case 'mfa':
        check.succeeded();
        onMfaRequired({ credentials: outcome.credentials ?? {}, factor: failure.factor, phoneNumberEnd: failure.phoneNumberEnd });
        return null;
    }
  };

  /**
   * Starts an attempt; resolves with what to show at its button (null: nothing, the card moved
   * on or the person closed the popup). `onNotSso` is SSO's way back to the password form.
   */
  const start = (provider: SignInProvider, options: Omit<AttemptOptions, 'signal' | 'accountSwitch'> & { onNotSso?: () => void } = {}): Promise<ShownFailure | null> => {
    if (busy) return Promise.resolve(null);
    // A button pressed while the one-tap prompt shows: the button's way wins.
    oneTapAbort.current?.abort();
    const popup = openProviderPopup(provider);
    if (!popup) return Promise.resolve(describePopupEnd({ kind: 'blocked' }) as ShownFailure);
    const controller = new AbortController();
    abort.current = controller;
    setBusy(provider);
    held.current = null;
    return runAttempt(provider, popup, CALLS, { ...options, accountSwitch, signal: controller.signal })
      .then((outcome) => (controller.signal.aborted ? null : settle(provider, outcome, options.onNotSso)))
      .finally(() => {
        if (abort.current === controller) abort.current = null;
        if (!controller.signal.aborted) setBusy(null);
      });
  };

  /**
   * Offers Google-kind one-tap (the browser's prompt) once; resolves with what to show at the
   * Google-kind button (null: nothing; the prompt was closed or had no account, or the card moved on).
   */
  const oneTap = (): Promise<ShownFailure | null> => {
    if (busy || oneTapAbort.current) return Promise.resolve(null);
    const controller = new AbortController();
    oneTapAbort.current = controller;
    return runOneTap(ONE_TAP_CALLS, { signal: controller.signal, onToken: () => setBusy('google') })
      .then((outcome) => (controller.signal.aborted ? null : settle('google', outcome, undefined, true)))
      .finally(() => {
        if (oneTapAbort.current === controller) oneTapAbort.current = null;
        if (!controller.signal.aborted) setBusy(null);
      });
  };

  /** The check passed: the held log-in goes again with its token; resolves with its provider and what to show. */
  const retry = async (token: string): Promise<{ provider: SignInProvider; failure: ShownFailure | null } | null> => {
    const pending = held.current;
    if (!pending) return null;
    held.current = null;
    check.sent();
    setBusy(pending.provider);
    try {
      const outcome = await retryWithHumanCheck(pending.provider, pending.credentials, token, CALLS, { accountSwitch, emailDeclined: pending.emailDeclined, oneTap: pending.oneTap });
      return { provider: pending.provider, failure: await settle(pending.provider, outcome) };
    } finally {
      setBusy(null);
    }
  };

  return { busy, start, oneTap, check, retry };
}
