import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@pinhive/contracts';
import { fetchExperiments } from '../api/experiments';
import { fetchProviders } from '../api/social';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { browserCountry } from './country';
import { authNavigationInFlight } from '../auth/authNavigation';
import { signedInNow } from '../auth/viewer';
import { thisBrowserOffersOneTap } from './oneTap';
import { ProviderFailureText } from './ProviderFailureText';
import { ProviderIcon } from './ProviderIcon';
import { useProviderAttempt, type NotLinked, type ProviderAttemptProps, type ShownFailure } from './useProviderAttempt';
import { HumanCheck } from '../humanCheck/HumanCheck';

interface ProviderButtonsProps extends ProviderAttemptProps {
  /** The card's view: the sign-up view may leave a provider out (an experiment). */
  mode: 'signup' | 'login';
}

/** The experiments' groups for this viewer; a failed call counts as `control` (nothing changes). */
function useSignInExperiments() {
  const query = useQuery({ queryKey: ['experiments'], queryFn: ({ signal }) => fetchExperiments(signal), staleTime: 5 * 60_000, retry: false });
  return {
    /** Answered (or failed): until then the Google-kind fallback is not known. */
    settled: !query.isPending,
    googleFallback: query.data?.web_google_disabled === 'enabled',
    facebookSignupRemoved: query.data?.dweb_unauth_remove_fb_signup_iteration === 'enabled',
  };
}

/**
 * "Continue with Google / Facebook / LINE" under the sign-up and log-in forms: the providers
 * `GET /v3/auth/providers/` offers for the browser's country (LINE only for JP), one attempt at a
 * time, each button with its spinner and its own error under it (spec: "social errors at their
 * buttons"), announced as it appears. `web_google_disabled` swaps the Google-kind button for the
 * fallback connect button; `dweb_unauth_remove_fb_signup_iteration` takes the Facebook-kind one
 * off the sign-up view, and a log-in through it that finds no account says sign-up is not
 * available there. The Facebook-kind sign-up needs the email: declined once, the next press asks
 * for it again (`rerequest`); declined again, or a phone-only account, goes to the email step.
 * Where the server has Google-kind one-tap on and this browser has FedCM from the spec's version,
 * the browser's one-tap prompt is offered once as the buttons show (not when adding an account,
 * nor with the fallback button): choosing an account there logs in or signs up as the button does.
 */
export function ProviderButtons({ mode, onNotLinked, ...attemptProps }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [country] = useState(browserCountry);
  const providers = useQuery({
    queryKey: ['auth-providers', country ?? ''],
    queryFn: ({ signal }) => fetchProviders(country, signal),
    staleTime: Infinity,
    retry: 1,
  });
  const experiments = useSignInExperiments();
  const [failures, setFailures] = useState<Partial<Record<SocialProvider, ShownFailure>>>({});
  // Facebook-kind: the email permission was declined; the next attempt asks for it again (once).
  const [rerequest, setRerequest] = useState<'no' | 'next' | 'done'>('no');

  const notLinked = (found: NotLinked) => {
    if (found.provider === 'facebook') {
      if (experiments.facebookSignupRemoved) {
        setFailures({ facebook: { type: 'message', message: { source: 'social', code: 'facebookNoSignup' } } });
        return undefined;
      }
      if (found.emailDeclined && rerequest === 'no') {
        setRerequest('next');
        setFailures({ facebook: { type: 'message', message: { source: 'social', code: 'facebookEmailNeeded' } } });
        return undefined;
      }
    }
    return onNotLinked(found);
  };
  const attempt = useProviderAttempt({ ...attemptProps, onNotLinked: notLinked });
  const queryClient = useQueryClient();

  const oneTapOn = Boolean(
    providers.data?.googleOneTap && providers.data.providers.includes('google') && !attemptProps.accountSwitch
    && experiments.settled && !experiments.googleFallback && thisBrowserOffersOneTap(providers.data.googleFedcmMinVersion),
  );
  const offerOneTap = useRef(attempt.oneTap);
  offerOneTap.current = attempt.oneTap;
  useEffect(() => {
    // Not for someone signed in, nor while a log-in or sign-up takes them on (authNavigation.ts):
    // the page they land on may render once for the signed-out viewer it had, and its card would
    // prompt a member.
    if (!oneTapOn || authNavigationInFlight() || signedInNow(queryClient)) return;
    void offerOneTap.current().then((failure) => {
      if (failure) setFailures({ google: failure });
    });
  }, [oneTapOn, queryClient]);

  const offered = (providers.data?.providers ?? []).filter((p) => !(p === 'facebook' && mode === 'signup' && experiments.facebookSignupRemoved));
  if (offered.length === 0) return null;

  const press = (provider: SocialProvider) => {
    if (attempt.busy) return;
    setFailures({});
    const again = provider === 'facebook' && rerequest === 'next';
    if (again) setRerequest('done');
    void attempt.start(provider, { rerequest: again }).then((failure) => {
      if (failure) setFailures({ [provider]: failure });
    });
  };

  return (
    <div className="providers">
      <p className="providers__or">
        <span>{t('social.or')}</span>
      </p>
      <ul className="providers__list" aria-label={t('social.providers')}>
        {offered.map((provider) => {
          const failure = failures[provider];
          const failureId = `${id}-${provider}-error`;
          const fallback = provider === 'google' && experiments.googleFallback;
          const working = attempt.busy === provider;
          return (
            <li key={provider} className="providers__item">
              <button
                type="button"
                className={`button button--block provider-button provider-button--${provider}${fallback ? ' provider-button--fallback' : ''}`}
                onClick={() => press(provider)}
                aria-describedby={failure ? failureId : undefined}
                {...busyProps(attempt.busy !== null)}
              >
                {working ? <Spinner /> : <ProviderIcon provider={provider} />}
                <span>{fallback ? t('social.googleFallback') : t(`social.continueWith.${provider}`)}</span>
              </button>
              {failure ? (
                <p id={failureId} className="provider-failure" role="alert">
                  <ProviderFailureText failure={failure} provider={provider} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* A log-in through a provider that was "too quick": once the check passes it goes again by itself. */}
      <HumanCheck
        check={attempt.check}
        onPassed={(token) => void attempt.retry(token).then((done) => {
          if (done?.failure) setFailures({ [done.provider]: done.failure });
        })}
      />
    </div>
  );
}
