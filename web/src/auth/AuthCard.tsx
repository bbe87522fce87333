import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import { CreateBusinessAccountLink, PersonalAccountBar } from './BusinessLinks';
import { CardVisual } from './CardVisual';
import { ContinueWithEmail } from './ContinueWithEmail';
import { Spinner } from '../components/Spinner';
import { ConsentsForm } from './ConsentsForm';
import { LoginForm } from './LoginForm';
import { MfaForm } from './MfaForm';
import { challengeFactor, type MfaChallenge } from './mfa';
import { DEFAULT_OPENING, headingFor, headingLevel, showsVisual, signupFormAtOnce, togglesInPlace, type AuthOpening } from './openingContext';
import { withSearch } from './paths';
import { PersonalizedLogin } from './PersonalizedLogin';
import { useLoginPresentation } from './recognition';
import { SignupForm } from './SignupForm';
import type { SignupDraft } from './signupFlow';
import type { AuthVariant } from './targets';
import { UnderageConfirmation } from './UnderageConfirmation';
import { FormAlert } from './FormMessageText';
import type { FormMessage } from './formMessage';
import { EmailAlreadyExist } from '../social/EmailAlreadyExist';
import { EmailCollectionForm } from '../social/EmailCollectionForm';
import { ProviderButtons } from '../social/ProviderButtons';
import { SocialBirthdayForm } from '../social/SocialBirthdayForm';
import type { NotLinked } from '../social/useProviderAttempt';
import { SOCIAL_VIEWS, useSocialSignupFlow, type SocialSignupFlow, type SocialView } from '../social/useSocialSignupFlow';
import { WelcomeScreen } from '../social/WelcomeScreen';
import type { SignupValues } from './validation';
import { greetingName, type LoginPresentation } from './welcomeBack';

/**
 * The one authentication card of the spec (signup-login.md section 2), in a page (`/login`,
 * `/signup`, `/add-account`, `/business/login`, the home page), a modal or the top bar's flyout.
 * On the auth pages the footer toggles are links to the other page (keeping `next`); elsewhere
 * they switch the view in place. `opening` (where it was opened from) sets the headings. `loginMfa` (the two-factor code)
 * follows a log-in, or a sign-up with an existing email, that answered `mfa_required`.
 * `consents` follows a checked sign-up when the `kr_privacy_consent` experiment is on. The
 * spec's "personalized login" is how `login` shows to a recognised visitor (`loginPresentation`).
 * A provider's sign-in (the buttons under the forms, SSO through the forms) that finds no account
 * goes on to that provider's sign-up: `EmailCollection`, `EmailAlreadyExist`,
 * `socialSignupWithAge` as needed, then `welcome` after a Google-kind sign-up
 * (social/useSocialSignupFlow.ts).
 */
export type AuthView = 'signup' | 'login' | 'loginMfa' | 'UnderageConfirmation' | 'consents' | SocialView;
/** What the card shows: its view, or for `login` the welcome-back form or the wait for it. */
type ShownView = AuthView | 'personalizedLogin' | 'loginPending';
export type { AuthVariant };

interface AuthCardProps {
  view: AuthView;
  variant?: AuthVariant;
  /** Id for the title, so that a dialog can be labelled by it. */
  titleId: string;
  /**
   * Account-switch mode (`/add-account`): log-in only, the sign-up toggle hidden, the spec's
   * invitation to switch shown, `account_switch: true` sent.
   */
  accountSwitch?: boolean;
  /**
   * Where the card was opened from: the headings of its sign-up and log-in views, the pin image
   * or avatar it shows, whether the sign-up form waits behind "Continue with email".
   */
  opening?: AuthOpening;
  /** Business mode (`/business/login`): log-in only, the personal-account bar on top. */
  business?: boolean;
}

interface ViewParts {
  title: string;
  subtitle?: string;
  body: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({
  view: initialView,
  variant = 'page',
  titleId,
  accountSwitch = false,
  opening = DEFAULT_OPENING,
  business = false,
}: AuthCardProps) {
  const [view, setView] = useState<AuthView>(initialView);
  // The typed credentials for the code step: in memory only, dropped when the card goes.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  // An authenticator account's code step may take a recovery code instead: the subtitle says which.
  const [mfaRecovery, setMfaRecovery] = useState(false);
  // The sign-up view's values while the consents view shows (memory only), for "Back".
  const [signupDraft, setSignupDraft] = useState<SignupDraft | null>(null);
  const presentation = useLoginPresentation(view === 'login', accountSwitch);
  const social = useSocialSignupFlow({ variant, setView });
  const shownView: ShownView =
    view !== 'login' || presentation.type === 'plain' ? view : presentation.type === 'pending' ? 'loginPending' : 'personalizedLogin';
  const flow: Flow = {
    variant,
    accountSwitch,
    opening,
    business,
    subtitleId: `${titleId}-subtitle`,
    challenge,
    mfaRecovery,
    setMfaRecovery,
    presentation,
    signupDraft,
    social,
    setView,
    toConsents: (values) => {
      setSignupDraft({ values });
      setView('consents');
    },
    backToSignup: (draft) => {
      setSignupDraft(draft);
      setView('signup');
    },
    startMfa: (next) => {
      setChallenge(next);
      setMfaRecovery(false);
      setView('loginMfa');
    },
    newCode: (phoneNumberEnd) => setChallenge((current) => (current ? { ...current, phoneNumberEnd } : current)),
    backToLogin: () => {
      setChallenge(null);
      setView('login');
    },
  };
  const parts = useViewParts(challenge || view !== 'loginMfa' ? view : 'login', flow);
  const Heading = headingLevel(variant, opening.context) === 1 ? 'h1' : 'h2';
  // The login-required prompt shows its picture beside the card, not in it.
  const visual = !opening.action && showsVisual(opening.context) ? opening.visual : undefined;
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(shownView);
  const socialStep = SOCIAL_VIEWS.has(shownView);

  // A view switch removes the control that had the focus: move it to the new view's first control
  // (one that takes typing: a read-only email is skipped), unless the new view already put it on
  // one of its own (the sign-up field that a message sent it back to). After the short wait for
  // the welcome-back answer only a modal takes it, whose opening found nothing to focus yet; a
  // page leaves it where the visitor is.
  useEffect(() => {
    const from = shown.current;
    if (from === shownView) return;
    shown.current = shownView;
    // (The home page's card toggles in place, like a modal: its visitor's focus was on the toggle.)
    if (shownView === 'loginPending' || (from === 'loginPending' && !togglesInPlace(variant, opening.context))) return;
    // A provider sign-up's steps start with their question: the heading takes the focus, so it is read first.
    if (SOCIAL_VIEWS.has(shownView)) {
      heading.current?.focus();
      return;
    }
    const body = card.current?.querySelector('.auth-card__body');
    if (body?.contains(document.activeElement)) return;
    card.current
      ?.querySelector<HTMLElement>('input:not([disabled]):not([readonly]), .auth-card__body button, .auth-card__body a')
      ?.focus();
  }, [shownView, variant, opening.context]);

  return (
    <section
      ref={card}
      className={`auth-card auth-card--${variant} auth-card--${shownView}${business ? ' auth-card--business' : ''}`}
      aria-labelledby={titleId}
    >
      {business ? <PersonalAccountBar /> : null}
      {visual ? (
        <CardVisual visual={visual} />
      ) : (
        <div className="auth-card__mark">
          <LogoMark size={40} />
        </div>
      )}
      <Heading className="auth-card__title" id={titleId} ref={heading} tabIndex={socialStep ? -1 : undefined}>
        {parts.title}
      </Heading>
      {parts.subtitle ? (
        <p className="auth-card__subtitle" id={flow.subtitleId}>
          {parts.subtitle}
        </p>
      ) : null}
      <div className="auth-card__body">{parts.body}</div>
      {parts.footer ? <div className="auth-card__footer">{parts.footer}</div> : null}
    </section>
  );
}

interface Flow {
  variant: AuthVariant;
  accountSwitch: boolean;
  opening: AuthOpening;
  business: boolean;
  subtitleId: string;
  challenge: MfaChallenge | null;
  /** The code step takes a recovery code rather than the authenticator app's code. */
  mfaRecovery: boolean;
  setMfaRecovery: (on: boolean) => void;
  presentation: LoginPresentation;
  signupDraft: SignupDraft | null;
  social: SocialSignupFlow;
  setView: (view: AuthView) => void;
  toConsents: (values: SignupValues) => void;
  backToSignup: (draft: SignupDraft) => void;
  startMfa: (challenge: MfaChallenge) => void;
  newCode: (phoneNumberEnd: string) => void;
  backToLogin: () => void;
}

function useViewParts(view: AuthView, flow: Flow): ViewParts {
  const { variant, accountSwitch, opening, business: businessMode, setView } = flow;
  const { t } = useTranslation();
  const { search } = useLocation();
  const toggle = (target: 'login' | 'signup') =>
    togglesInPlace(variant, opening.context) ? (
      <button type="button" className="inline-link" onClick={() => setView(target)} />
    ) : (
      <Link to={withSearch(`/${target}`, search)} className="text-link" />
    );
  const heading = (view: 'signup' | 'login') => {
    const found = headingFor({ ...opening, view, business: businessMode });
    return { title: t(found.title, found.values), subtitle: found.subtitle ? t(found.subtitle, found.values) : undefined };
  };
  // The business card is the business way in already: no "Are you a business?" there.
  const business = businessMode ? null : (
    <p className="auth-card__business">
      <Trans i18nKey="auth.business" components={{ businessLink: <Link to="/business/create" className="text-link" /> }} />
    </p>
  );

  const { social } = flow;
  // A provider's sign-in found no account: its sign-up goes on in this card, except where the card
  // only logs in (adding an account, the business log-in): there it says no account was found.
  const notLinked = (from: 'signup' | 'login') => (found: NotLinked & { birthday?: string }) =>
    accountSwitch || businessMode ? Promise.resolve<FormMessage>({ source: 'error', code: 'identity_not_linked' }) : social.start(found, from);
  const providers = (mode: 'signup' | 'login') => (
    <ProviderButtons mode={mode} variant={variant} accountSwitch={accountSwitch} onNotLinked={notLinked(mode)} onMfaRequired={flow.startMfa} />
  );
  // Why the card is back at its first view (a provider's sign-up that must start again).
  const notice = social.notice ? <FormAlert message={social.notice} /> : null;

  switch (view) {
    case 'signup':
      return {
        ...heading('signup'),
        body: (
          <>
            {notice}
            <ContinueWithEmail atOnce={signupFormAtOnce(variant, opening.context) || flow.signupDraft !== null}>
              <SignupForm
                variant={variant}
                onUnderage={() => setView('UnderageConfirmation')}
                onMfaRequired={flow.startMfa}
                onConsentNeeded={flow.toConsents}
                onNotLinked={notLinked('signup')}
                draft={flow.signupDraft}
              />
            </ContinueWithEmail>
            {providers('signup')}
          </>
        ),
        footer: (
          <>
            <p>
              <Trans i18nKey="auth.signup.toLogin" components={{ loginLink: toggle('login') }} />
            </p>
            {business}
          </>
        ),
      };
    case 'login':
      if (accountSwitch) {
        return {
          title: t('auth.login.title'),
          subtitle: t('auth.switch.intro'),
          body: (
            <>
              {notice}
              <LoginForm variant={variant} accountSwitch onMfaRequired={flow.startMfa} onNotLinked={notLinked('login')} />
              {providers('login')}
            </>
          ),
          footer: business,
        };
      }
      if (flow.presentation.type === 'pending') {
        // A moment's wait for the recognised answer instead of one form swapped for the other.
        // The title's words are read out; the card's style shows a placeholder bar for them.
        return {
          title: t('personalized.loading'),
          body: (
            <div className="auth-card__loading">
              <Spinner size="large" />
            </div>
          ),
        };
      }
      if (flow.presentation.type === 'personalized') {
        const recognised = flow.presentation.viewer;
        const firstName = greetingName(recognised);
        // The greeting replaces only the default log-in heading: a place with its own (a
        // login-required prompt, a board invite, the business page) keeps it, as it says why the
        // card is there; the picture and the email still say who is welcomed back.
        const plain = heading('login');
        const greeting = firstName ? t('personalized.title', { firstName }) : t('personalized.titleNoName');
        return {
          ...(plain.title === t('auth.login.title') ? { title: greeting } : plain),
          body: (
            <>
              {notice}
              <PersonalizedLogin viewer={recognised} variant={variant} onMfaRequired={flow.startMfa} onNotLinked={notLinked('login')} />
              {providers('login')}
            </>
          ),
          footer: businessMode ? <CreateBusinessAccountLink /> : business,
        };
      }
      return {
        ...heading('login'),
        body: (
          <>
            {notice}
            <LoginForm variant={variant} onMfaRequired={flow.startMfa} onNotLinked={notLinked('login')} />
            {providers('login')}
          </>
        ),
        footer: businessMode ? (
          <CreateBusinessAccountLink />
        ) : (
          <>
            <p>
              <Trans i18nKey="auth.login.toSignup" components={{ signupLink: toggle('signup') }} />
            </p>
            {business}
          </>
        ),
      };
    case 'loginMfa': {
      const challenge = flow.challenge;
      if (!challenge) return { title: t('auth.mfa.title'), body: null };
      const end = challenge.phoneNumberEnd;
      const totp = challengeFactor(challenge) === 'totp';
      const subtitle = totp
        ? flow.mfaRecovery
          ? t('auth.mfa.recoveryPrompt')
          : t('auth.mfa.appPrompt')
        : end
          ? t('auth.mfa.sentTo', { end })
          : t('auth.mfa.sentToUnknown');
      return {
        title: t('auth.mfa.title'),
        subtitle,
        body: (
          <MfaForm
            challenge={challenge}
            variant={variant}
            accountSwitch={accountSwitch}
            describedBy={flow.subtitleId}
            recoveryMode={totp && flow.mfaRecovery}
            onRecoveryModeChange={flow.setMfaRecovery}
            onNewCode={flow.newCode}
            onBack={flow.backToLogin}
          />
        ),
      };
    }
    case 'UnderageConfirmation':
      return { title: t('errors.underage'), body: <UnderageConfirmation variant={variant} /> };
    case 'socialSignupWithAge':
      return {
        title: t('social.birthday.title'),
        subtitle: t('social.birthday.explanation'),
        body: <SocialBirthdayForm flow={social} describedBy={flow.subtitleId} />,
      };
    case 'EmailCollection': {
      const provider = social.signup?.provider ?? 'facebook';
      return {
        title: t('social.emailCollection.title'),
        subtitle: t('social.emailCollection.subtitle', { provider: t(`social.names.${provider}`) }),
        body: <EmailCollectionForm flow={social} describedBy={flow.subtitleId} onNotNow={() => social.abandon('signup')} />,
      };
    }
    case 'EmailAlreadyExist':
      return {
        title: t('social.emailExists.title'),
        body: (
          <EmailAlreadyExist
            email={social.existingEmail}
            onBack={() => social.abandon('signup')}
            logIn={
              togglesInPlace(variant, opening.context) ? (
                <button type="button" className="button button--primary button--block" onClick={() => social.abandon('login')}>
                  {t('social.emailExists.logIn')}
                </button>
              ) : (
                <Link to={withSearch('/login', search)} className="button button--primary button--block">
                  {t('social.emailExists.logIn')}
                </Link>
              )
            }
          />
        ),
      };
    case 'welcome':
      return { title: t('social.welcome.title'), body: <WelcomeScreen variant={variant} /> };
    case 'consents': {
      if (social.inConsents && social.signup) {
        const signup = social.signup;
        return {
          title: t('consents.title'),
          subtitle: t('consents.intro'),
          body: (
            <ConsentsForm
              values={{ email: '', password: '', birthday: '' }}
              variant={variant}
              describedBy={flow.subtitleId}
              onBack={() => social.abandon('signup')}
              onUnderage={() => setView('UnderageConfirmation')}
              social={{ submit: (consent) => social.proceed({ ...signup, consent }), back: () => social.abandon('signup') }}
            />
          ),
        };
      }
      const draft = flow.signupDraft;
      if (!draft) return { title: t('consents.title'), body: null };
      return {
        title: t('consents.title'),
        subtitle: t('consents.intro'),
        body: (
          <ConsentsForm
            values={draft.values}
            variant={variant}
            describedBy={flow.subtitleId}
            onBack={flow.backToSignup}
            onUnderage={() => setView('UnderageConfirmation')}
          />
        ),
      };
    }
  }
}
