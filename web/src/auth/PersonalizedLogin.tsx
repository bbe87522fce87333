import type { RecognisedViewer } from '@pinhive/contracts';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/Avatar';
import { busyProps } from '../components/busy';
import { LoginForm } from './LoginForm';
import type { FormMessage } from './formMessage';
import type { MfaChallenge } from './mfa';
import type { NotLinked } from '../social/useProviderAttempt';
import { useForgetRecognised } from './recognition';
import type { AuthVariant } from './targets';
import { greetingName } from './welcomeBack';

interface PersonalizedLoginProps {
  viewer: RecognisedViewer;
  variant: AuthVariant;
  onMfaRequired: (challenge: MfaChallenge) => void;
  /** The recognised email signs in with SSO and its sign-in found no account. */
  onNotLinked?: (found: NotLinked) => Promise<FormMessage | null> | void;
}

/**
 * The welcome-back log-in (spec: "personalized login"): the recognised account's picture (or
 * initials), its email read-only, and only the password to type; the log-in itself is
 * LoginForm's, so its failures show exactly as on the log-in form. "Not you?" makes the browser
 * forget the account; the card then shows the plain log-in (and moves the focus to its email).
 */
export function PersonalizedLogin({ viewer, variant, onMfaRequired, onNotLinked }: PersonalizedLoginProps) {
  const { t } = useTranslation();
  const forget = useForgetRecognised();
  // An account with no password, linked to a provider: the spec's "already linked to …" (the buttons are below).
  const linked = viewer.hasPassword ? null : viewer.connectedToGoogle ? 'google' : viewer.connectedToFacebook ? 'facebook' : null;
  return (
    <div className="welcome-back">
      <Avatar name={greetingName(viewer) ?? viewer.email} imageUrl={viewer.imageUrl} size="large" />
      {linked ? <p className="welcome-back__linked">{t(`social.linkedNoPassword.${linked}`)}</p> : null}
      <LoginForm variant={variant} onMfaRequired={onMfaRequired} fixedEmail={viewer.email} onNotLinked={onNotLinked} />
      <button
        type="button"
        className="inline-link welcome-back__not-you"
        onClick={() => {
          if (!forget.isPending) forget.mutate();
        }}
        {...busyProps(forget.isPending)}
      >
        {t('personalized.notYou')}
      </button>
    </div>
  );
}
