import { useState } from 'react';
import type { SessionUser } from '@pinhive/contracts';
import { fetchExperiments } from '../api/experiments';
import { registerSocial } from '../api/social';
import { consentStepOn } from '../auth/signupFlow';
import type { FormMessage } from '../auth/formMessage';
import type { AuthVariant } from '../auth/targets';
import { useAuthSuccess } from '../auth/useAuthSuccess';
import { describeSocialRegisterFailure, nextSocialStep, showsWelcome, signupEmail, socialRegisterRequest, type SocialSignup } from './socialSignup';
import type { NotLinked } from './useProviderAttempt';

/** The card's views of a provider's sign-up. */
export type SocialView = 'socialSignupWithAge' | 'EmailCollection' | 'EmailAlreadyExist' | 'welcome';
export const SOCIAL_VIEWS: ReadonlySet<string> = new Set<SocialView>(['socialSignupWithAge', 'EmailCollection', 'EmailAlreadyExist', 'welcome']);

type CardView = SocialView | 'signup' | 'login' | 'UnderageConfirmation' | 'consents';

/**
 * The provider's sign-up as the card runs it (signup-login.md section 4): from
 * `identity_not_linked`, each missing piece's view in turn (email, then birthday; the existing-
 * email view when the email has an account), the consents view when the `kr_privacy_consent`
 * experiment is on, then `POST /v3/register/social/`; after a
 * Google-kind sign-up the welcome screen, after the others where an email sign-up goes.
 */
export function useSocialSignupFlow({ variant, setView }: { variant: AuthVariant; setView: (view: CardView) => void }) {
  const success = useAuthSuccess(variant);
  const [signup, setSignup] = useState<SocialSignup | null>(null);
  /** A message the registration gave for the step that asks again (the birthday's, the typed email's). */
  const [stepMessage, setStepMessage] = useState<FormMessage | null>(null);
  /** Shown above the sign-up or log-in form after the sign-in must start again. */
  const [notice, setNotice] = useState<FormMessage | null>(null);
  /** The email the existing-email view names. */
  const [existingEmail, setExistingEmail] = useState('');
  const [welcomed, setWelcomed] = useState<SessionUser | null>(null);
  /** The consents view shows for this sign-up (not for an email sign-up's). */
  const [inConsents, setInConsents] = useState(false);

  /**
   * Goes on with `next`: shows the view of what is missing, or registers. Resolves with a message
   * for the view that asked (its alert) when the registration failed where it stands.
   */
  const proceed = async (next: SocialSignup, from: 'signup' | 'login' = 'signup'): Promise<FormMessage | null> => {
    setSignup(next);
    setStepMessage(null);
    // Everything else is there: the consent experiment decides whether its view comes first.
    const consentStep = nextSocialStep(next) === 'register' && !next.consent && (await consentStepOn({ experiments: () => fetchExperiments() }));
    const step = nextSocialStep(next, consentStep);
    setInConsents(step === 'consents');
    if (step === 'EmailAlreadyExist') setExistingEmail(signupEmail(next));
    if (step !== 'register') {
      setView(step);
      return null;
    }
    try {
      const { user } = await registerSocial(socialRegisterRequest(next));
      if (showsWelcome(next.provider)) {
        setWelcomed(user);
        setView('welcome');
      } else {
        await success.registered(user);
      }
      return null;
    } catch (error) {
      const typedEmail = !next.identity.email && Boolean(next.email);
      const failure = describeSocialRegisterFailure(error, typedEmail);
      if (failure.type !== 'alert') setInConsents(false);
      switch (failure.type) {
        case 'restart':
          setSignup(null);
          setNotice(failure.message);
          setView(from);
          return null;
        case 'email_exists':
          setExistingEmail(signupEmail(next));
          setView('EmailAlreadyExist');
          return null;
        case 'underage':
          setView('UnderageConfirmation');
          return null;
        case 'birthday':
          setSignup({ ...next, birthday: undefined });
          setStepMessage(failure.message);
          setView('socialSignupWithAge');
          return null;
        case 'email':
          setSignup({ ...next, email: undefined });
          setStepMessage(failure.message);
          setView('EmailCollection');
          return null;
        case 'alert':
          return failure.message;
      }
    }
  };

  return {
    signup,
    stepMessage,
    notice,
    existingEmail,
    welcomed,
    inConsents,
    clearNotice: () => setNotice(null),
    /** From a provider's button or the SSO form: the identity has no account yet. */
    start: (found: NotLinked & { birthday?: string }, from: 'signup' | 'login') => {
      setNotice(null);
      return proceed({ provider: found.provider, identity: found.identity, ...(found.birthday ? { birthday: found.birthday } : {}), ...(found.oneTap ? { oneTap: true } : {}) }, from);
    },
    proceed,
    /** The email step found an account for the typed email. */
    emailTaken: (email: string) => {
      setExistingEmail(email);
      setView('EmailAlreadyExist');
    },
    /** "Not now", or back from the existing-email view: the identity is left to expire. */
    abandon: (to: 'signup' | 'login') => {
      setSignup(null);
      setStepMessage(null);
      setInConsents(false);
      setView(to);
    },
  };
}

export type SocialSignupFlow = ReturnType<typeof useSocialSignupFlow>;
