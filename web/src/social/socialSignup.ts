import type { IdentityNotLinkedData, SignInProvider, SocialRegisterRequest } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { GENERIC, messageForCode, type FormMessage } from '../auth/formMessage';
import { birthdayToSeconds, consentFields, firstNameFromEmail, type ConsentChoices } from '../auth/registration';

/**
 * A provider's sign-up (signup-login.md sections 2 and 4), after its log-in answered
 * `identity_not_linked`: the identity waits on the server (30 minutes, this browser); the card
 * collects what the provider did not give (an email, a birthday), then registers with
 * `POST /v3/register/social/`.
 */
export interface SocialSignup {
  provider: SignInProvider;
  /** What `identity_not_linked` said about the identity. */
  identity: IdentityNotLinkedData;
  /** `YYYY-MM-DD`: typed on the SSO sign-up form, or in the birthday step. */
  birthday?: string;
  /** Typed in the email step: only where the provider gave none. */
  email?: string;
  /** The consents view's answers (the `kr_privacy_consent` experiment). */
  consent?: ConsentChoices;
  /** Google-kind through one-tap: registers as `google_one_tap` (spec section 3). */
  oneTap?: boolean;
}

/** The card's views of a provider's sign-up, and `register` when nothing is missing. */
export type SocialStep = 'EmailCollection' | 'EmailAlreadyExist' | 'socialSignupWithAge' | 'consents' | 'register';

/**
 * What follows `identity_not_linked` (and each step after it): no email from the provider and
 * none typed → the email step (EmailCollection); the provider's email already has an account →
 * EmailAlreadyExist; no birthday the provider vouched for and none typed → the birthday step
 * (socialSignupWithAge); with the consent experiment on (`consentStep`) and no answers yet, the
 * consents view; else the registration. (A typed email is checked for an account by the email
 * step itself before it moves on.)
 */
export function nextSocialStep(signup: SocialSignup, consentStep = false): SocialStep {
  const { identity } = signup;
  if (!identity.email && !signup.email) return 'EmailCollection';
  if (identity.email && identity.email_exists) return 'EmailAlreadyExist';
  if (!identity.has_birthday && !signup.birthday) return 'socialSignupWithAge';
  if (consentStep && !signup.consent) return 'consents';
  return 'register';
}

/** The email the new account will have: the provider's, else the typed one. */
export function signupEmail(signup: SocialSignup): string {
  return signup.identity.email ?? signup.email ?? '';
}

/**
 * `POST /v3/register/social/`'s body: `email` only when the provider gave none, `birthday`
 * (seconds) unless the provider's passed, a first name derived from the email when the provider
 * gave none, the consent fields when the consents view asked.
 */
export function socialRegisterRequest(signup: SocialSignup): SocialRegisterRequest {
  const { consent } = signup;
  const { identity } = signup;
  const email = signupEmail(signup);
  return {
    type: signup.oneTap && signup.provider === 'google' ? 'google_one_tap' : signup.provider,
    ...(!identity.email && signup.email ? { email: signup.email.trim() } : {}),
    ...(!identity.has_birthday && signup.birthday ? { birthday: birthdayToSeconds(signup.birthday) } : {}),
    ...(!identity.first_name && email ? { first_name: firstNameFromEmail(email) } : {}),
    ...(consent ? consentFields(consent) : {}),
  };
}

/**
 * After a Google-kind sign-up the welcome screen shows while the home page loads (spec: "after a
 * one-tap registration with the web-account provider"); the others go where an email sign-up goes.
 */
export function showsWelcome(provider: SignInProvider): boolean {
  return provider === 'google';
}

/** How a failed social registration shows. */
export type SocialRegisterFailure =
  /** The held identity is gone or refused (`identity_expired`, `identity_invalid`): start again, saying why. */
  | { type: 'restart'; message: FormMessage }
  /** The email belongs to an account already: EmailAlreadyExist. */
  | { type: 'email_exists' }
  /** Under age: the server set the flag; UnderageConfirmation shows. */
  | { type: 'underage' }
  /** The birthday step, with the message at its field. */
  | { type: 'birthday'; message: FormMessage }
  /** The email step, with the message at its field (only for an email the person typed). */
  | { type: 'email'; message: FormMessage }
  /** Above the current step's form. */
  | { type: 'alert'; message: FormMessage };

const BIRTHDAY_CODES = new Set(['birthday_missing', 'birthday_invalid', 'over_age']);
const EMAIL_CODES = new Set(['email_invalid', 'email_brand_name', 'non_ascii']);

/** Where a failure of `POST /v3/register/social/` shows (`typedEmail`: the email came from the email step). */
export function describeSocialRegisterFailure(error: unknown, typedEmail: boolean): SocialRegisterFailure {
  if (!isApiError(error) || error.http_status === 0 || error.http_status >= 500) return { type: 'alert', message: GENERIC };
  const message = messageForCode(error.code, error.message);
  if (error.code === 'identity_expired' || error.code === 'identity_invalid') return { type: 'restart', message };
  if (error.code === 'email_exists') return { type: 'email_exists' };
  if (error.code === 'underage') return { type: 'underage' };
  if (BIRTHDAY_CODES.has(error.code) || error.field === 'birthday') return { type: 'birthday', message };
  if (typedEmail && (EMAIL_CODES.has(error.code) || error.field === 'email')) {
    // "Email is required" (bad_request) has the spec's words in the email step's catalogue.
    return { type: 'email', message: error.code === 'bad_request' ? { source: 'social', code: 'emailRequired' } : message };
  }
  return { type: 'alert', message };
}

/**
 * The welcome screen's progress after `elapsedMs` (spec: it runs 6 seconds to 95%), easing out
 * so it moves most at first; it stays at 95 until the page has loaded, then shows 100.
 */
export function welcomeProgress(elapsedMs: number, durationMs: number, percent: number): number {
  const t = Math.min(1, Math.max(0, elapsedMs / durationMs));
  return Math.round(percent * (1 - (1 - t) ** 2));
}
