import type { ExperimentsResponse, LoginRequest, LoginResponse, RegisterRequest, RegisterResponse, SessionUser } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { GENERIC, messageForCode, type FormMessage } from './formMessage';
import { describeLoginError, type FailureOutcome, type MfaRequired } from './loginErrors';
import { buildRegisterRequest, type ConsentChoices } from './registration';
import type { SignupField, SignupValues } from './validation';

/** The calls the email sign-up makes, passed in so that the flow is testable without a server. */
export interface SignupCalls {
  emailExists: (email: string) => Promise<boolean>;
  validateEmail: (email: string) => Promise<boolean>;
  logIn: (credentials: LoginRequest) => Promise<LoginResponse>;
  register: (payload: RegisterRequest) => Promise<RegisterResponse>;
  /** The viewer's experiment groups (`kr_privacy_consent` decides the consent step). */
  experiments: () => Promise<ExperimentsResponse>;
}

export type SignupStep = 'exists' | 'validation' | 'login' | 'register';

/**
 * The sign-up view's state that the card keeps while the consents view shows (memory only):
 * the typed values, and a message the registration gave for one of them (its password rules or
 * the birthday check run only then).
 */
export interface SignupDraft {
  values: SignupValues;
  message?: { field: SignupField; message: FormMessage };
}

export type SignupOutcome =
  | { type: 'logged_in'; user: SessionUser }
  | { type: 'registered'; user: SessionUser }
  | { type: 'email_not_valid' }
  /** Everything checked, and the consent experiment is on: the card shows the consents view. */
  | { type: 'consent_needed' }
  | { type: 'failed'; step: SignupStep; error: unknown };

/**
 * The email sign-up after the client rules passed (signup-login.md section 4): does the email
 * exist? Then log in with the typed password. Otherwise the backend email validation, then, if
 * the consent experiment is on, the consents view (which registers with `registerWithConsent`);
 * else registration (the server applies the password rules and the birthday checks).
 */
export async function runEmailSignup(values: SignupValues, calls: SignupCalls, recaptchaV2Token?: string): Promise<SignupOutcome> {
  const email = values.email.trim();
  let step: SignupStep = 'exists';
  try {
    if (await calls.emailExists(email)) {
      step = 'login';
      // The log-in's IP rule may ask for a human check: its token comes back with the retry.
      const { user } = await calls.logIn({
        username_or_email: email,
        password: values.password,
        recaptchaV3Token: 'default',
        ...(recaptchaV2Token ? { recaptchaV2Token } : {}),
      });
      return { type: 'logged_in', user };
    }
    step = 'validation';
    if (!(await calls.validateEmail(email))) return { type: 'email_not_valid' };
    if (await consentStepOn(calls)) return { type: 'consent_needed' };
    step = 'register';
    const { user } = await calls.register(buildRegisterRequest(values));
    return { type: 'registered', user };
  } catch (error) {
    return { type: 'failed', step, error };
  }
}

/**
 * Is the `kr_privacy_consent` experiment on for this viewer? A failed experiments call counts as
 * `control`: the experiment service must never stand between someone and signing up.
 */
export async function consentStepOn(calls: Pick<SignupCalls, 'experiments'>): Promise<boolean> {
  try {
    return (await calls.experiments()).kr_privacy_consent === 'enabled';
  } catch {
    return false;
  }
}

/** The consents view's registration: the same payload plus the consent fields. */
export async function registerWithConsent(
  values: SignupValues,
  consent: ConsentChoices,
  calls: Pick<SignupCalls, 'register'>,
): Promise<Extract<SignupOutcome, { type: 'registered' | 'failed' }>> {
  try {
    const { user } = await calls.register(buildRegisterRequest(values, consent));
    return { type: 'registered', user };
  } catch (error) {
    return { type: 'failed', step: 'register', error };
  }
}

export type SignupFailure =
  | FailureOutcome<SignupField>
  /** The email exists, the password was right, and the account has two-factor on. */
  | MfaRequired
  | { type: 'underage' }
  /** The spec's 3-second error toast with the server's message (backend email validation failed). */
  | { type: 'toast'; message: FormMessage };

const SIGNUP_FIELD_NAMES: Record<string, SignupField> = {
  email: 'email',
  username_or_email: 'email',
  password: 'password',
  birthday: 'birthday',
};

const isOutage = (error: unknown): boolean => !isApiError(error) || error.http_status === 0 || error.http_status >= 500;

/** How a failed step of the sign-up shows (signup-login.md section 8, sign-up errors). */
export function describeSignupFailure(step: SignupStep, error: unknown, email: string): SignupFailure {
  switch (step) {
    case 'login':
      return describeLoginError(error, email);
    case 'exists': {
      // "the server message for one code, else 'Hmm...that doesn't look like an email address'";
      // an outage is not the email's fault, so it gets the generic message instead.
      if (!isApiError(error) || isOutage(error)) return { type: 'alert', message: GENERIC };
      const message: FormMessage =
        error.code === 'email_invalid' ? { source: 'server', text: error.message } : { source: 'error', code: 'email_exists' };
      return { type: 'field', field: 'email', message };
    }
    case 'validation':
      return { type: 'toast', message: isApiError(error) && !isOutage(error) ? { source: 'server', text: error.message } : GENERIC };
    case 'register': {
      if (!isApiError(error)) return { type: 'alert', message: GENERIC };
      if (error.code === 'underage') return { type: 'underage' };
      if (isOutage(error)) return { type: 'alert', message: GENERIC };
      const message = messageForCode(error.code, error.message);
      const field = error.field === undefined ? undefined : SIGNUP_FIELD_NAMES[error.field];
      return field ? { type: 'field', field, message } : { type: 'alert', message };
    }
  }
}
