import { describe, expect, it, jest } from '@jest/globals';
import { CONTROL_GROUPS, type LoginRequest, type SessionUser } from '@pinhive/contracts';
import { ApiError } from '../api/client';
import { humanCheckDemandFrom } from '../humanCheck/demand';
import { describeSignupFailure, registerWithConsent, runEmailSignup, type SignupCalls, type SignupStep } from './signupFlow';

const USER: SessionUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: '',
  full_name: 'Ada',
  image_medium_url: null,
  image_large_url: null,
};
const VALUES = { email: ' ada@example.com ', password: 'secret1', birthday: '1990-06-15' };
const apiError = (code: string, http_status: number, data?: Record<string, unknown>) =>
  new ApiError({ code, message: `server says ${code}`, message_detail: null, http_status, ...(data ? { data } : {}) });

function calls(overrides: Partial<SignupCalls> = {}) {
  const fakes = {
    emailExists: jest.fn(async () => false),
    validateEmail: jest.fn(async () => true),
    logIn: jest.fn(async () => ({ user: USER })),
    register: jest.fn(async () => ({ user: USER })),
    experiments: jest.fn(async () => CONTROL_GROUPS),
    ...overrides,
  };
  return fakes as typeof fakes & SignupCalls;
}

describe('runEmailSignup', () => {
  it('checks existence, validates, then registers with the trimmed email', async () => {
    const c = calls();
    await expect(runEmailSignup(VALUES, c)).resolves.toEqual({ type: 'registered', user: USER });
    expect(c.emailExists).toHaveBeenCalledWith('ada@example.com');
    expect(c.validateEmail).toHaveBeenCalledWith('ada@example.com');
    expect(c.register).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com', type: 'email', birthday: 645_408_000 }));
    expect(c.logIn).not.toHaveBeenCalled();
  });

  it('logs in with the typed password when the email exists', async () => {
    const c = calls({ emailExists: jest.fn(async () => true) });
    await expect(runEmailSignup(VALUES, c)).resolves.toEqual({ type: 'logged_in', user: USER });
    expect(c.logIn).toHaveBeenCalledWith({ username_or_email: 'ada@example.com', password: 'secret1', recaptchaV3Token: 'default' });
    expect(c.validateEmail).not.toHaveBeenCalled();
    expect(c.register).not.toHaveBeenCalled();
  });

  it('stops when the backend says the email is not valid', async () => {
    const c = calls({ validateEmail: jest.fn(async () => false) });
    await expect(runEmailSignup(VALUES, c)).resolves.toEqual({ type: 'email_not_valid' });
    expect(c.register).not.toHaveBeenCalled();
  });

  it.each<[SignupStep, Partial<SignupCalls>]>([
    ['exists', { emailExists: jest.fn(async () => Promise.reject(apiError('bad_request', 400))) }],
    ['validation', { validateEmail: jest.fn(async () => Promise.reject(apiError('bad_request', 400))) }],
    ['register', { register: jest.fn(async () => Promise.reject(apiError('underage', 403))) }],
  ])('reports which step failed (%s)', async (step, overrides) => {
    const outcome = await runEmailSignup(VALUES, calls(overrides));
    expect(outcome).toMatchObject({ type: 'failed', step });
  });

  it('reports a failed log-in of an existing email as the login step', async () => {
    const c = calls({ emailExists: jest.fn(async () => true), logIn: jest.fn(async () => Promise.reject(apiError('password_incorrect', 401))) });
    await expect(runEmailSignup(VALUES, c)).resolves.toMatchObject({ type: 'failed', step: 'login' });
  });
});

describe('the sign-up of an existing email and the human check', () => {
  const TOO_QUICK = new ApiError({
    code: 'login_too_quick',
    message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
    message_detail: null,
    http_status: 429,
    data: { human_check: 'local', ip_rule: true },
  });
  /** A sign-up with an existing email logs in; its log-in answers "too quick" until a token comes. */
  const existingEmail = () =>
    calls({
      emailExists: jest.fn(async () => true),
      logIn: jest.fn(async (request: LoginRequest) => {
        if (!request.recaptchaV2Token) throw TOO_QUICK;
        return { user: USER };
      }),
    });

  it('reports the too-quick log-in as a failed log-in step with a demand the check can show', async () => {
    const outcome = await runEmailSignup(VALUES, existingEmail());
    expect(outcome).toEqual({ type: 'failed', step: 'login', error: TOO_QUICK });
    expect(outcome.type === 'failed' && humanCheckDemandFrom(outcome.error)).toEqual({ human_check: 'local', ip_rule: true });
  });

  it('retries the log-in with the token as recaptchaV2Token', async () => {
    const c = existingEmail();
    await expect(runEmailSignup(VALUES, c, 'local.tok')).resolves.toEqual({ type: 'logged_in', user: USER });
    expect(c.logIn).toHaveBeenCalledWith({ username_or_email: 'ada@example.com', password: 'secret1', recaptchaV3Token: 'default', recaptchaV2Token: 'local.tok' });
  });
});

describe('the consent step (kr_privacy_consent)', () => {
  const enabled = () => jest.fn(async () => ({ ...CONTROL_GROUPS, kr_privacy_consent: 'enabled' as const }));

  it('shows the consents view instead of registering once everything is checked, when enabled', async () => {
    const c = calls({ experiments: enabled() });
    await expect(runEmailSignup(VALUES, c)).resolves.toEqual({ type: 'consent_needed' });
    expect(c.validateEmail).toHaveBeenCalled();
    expect(c.register).not.toHaveBeenCalled();
  });

  it('registers at once in the control group, without the consent fields', async () => {
    const c = calls();
    await expect(runEmailSignup(VALUES, c)).resolves.toEqual({ type: 'registered', user: USER });
    expect(c.experiments).toHaveBeenCalled();
    expect(c.register).toHaveBeenCalledWith(expect.not.objectContaining({ kr_privacy_consent_opt_in: expect.anything() }));
  });

  it('treats a failed experiments call as control: sign-up is never blocked by it', async () => {
    const c = calls({ experiments: jest.fn(async () => Promise.reject(apiError('service_unavailable', 503))) });
    await expect(runEmailSignup(VALUES, c)).resolves.toEqual({ type: 'registered', user: USER });
  });

  it('is not asked about when the email exists or is not valid', async () => {
    const existing = calls({ emailExists: jest.fn(async () => true), experiments: enabled() });
    await expect(runEmailSignup(VALUES, existing)).resolves.toMatchObject({ type: 'logged_in' });
    expect(existing.experiments).not.toHaveBeenCalled();
    const invalid = calls({ validateEmail: jest.fn(async () => false), experiments: enabled() });
    await expect(runEmailSignup(VALUES, invalid)).resolves.toEqual({ type: 'email_not_valid' });
    expect(invalid.experiments).not.toHaveBeenCalled();
  });

  it('registers from the consents view with the derived first name and the consent fields', async () => {
    const c = calls();
    await expect(registerWithConsent(VALUES, { privacy: true, marketing: false }, c)).resolves.toEqual({ type: 'registered', user: USER });
    expect(c.register).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: '',
        kr_privacy_consent_opt_in: true,
        marketing_notifs_opt_out: true,
      }),
    );
  });

  it('reports a refused registration from the consents view as the register step', async () => {
    const c = calls({ register: jest.fn(async () => Promise.reject(apiError('consent_required', 400))) });
    await expect(registerWithConsent(VALUES, { privacy: false, marketing: false }, c)).resolves.toMatchObject({ type: 'failed', step: 'register' });
  });
});

describe('describeSignupFailure', () => {
  const EMAIL = 'ada@example.com';

  it('shows the under-age view', () => {
    expect(describeSignupFailure('register', apiError('underage', 403), EMAIL)).toEqual({ type: 'underage' });
  });

  it('puts register errors at the field the server names, in our words when we have them', () => {
    expect(describeSignupFailure('register', apiError('password_too_short', 400, { field: 'password' }), EMAIL)).toEqual({
      type: 'field',
      field: 'password',
      message: { source: 'error', code: 'password_too_short' },
    });
    expect(describeSignupFailure('register', apiError('over_age', 400, { field: 'birthday' }), EMAIL)).toEqual({
      type: 'field',
      field: 'birthday',
      message: { source: 'error', code: 'over_age' },
    });
    expect(describeSignupFailure('register', apiError('something_new', 400), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'server', text: 'server says something_new' },
    });
  });

  it('treats log-in failures like the log-in form', () => {
    expect(describeSignupFailure('login', apiError('password_incorrect', 401), EMAIL)).toMatchObject({ type: 'field', field: 'password' });
    expect(describeSignupFailure('login', apiError('login_rate_limited', 429), EMAIL)).toEqual({
      type: 'recovery',
      recovery: { kind: 'rate_limited' },
    });
  });

  it('existence-check failures: the server message for email_invalid, else "doesn\'t look like an email"', () => {
    expect(describeSignupFailure('exists', apiError('email_invalid', 400), EMAIL)).toEqual({
      type: 'field',
      field: 'email',
      message: { source: 'server', text: 'server says email_invalid' },
    });
    expect(describeSignupFailure('exists', apiError('bad_request', 400), EMAIL)).toEqual({
      type: 'field',
      field: 'email',
      message: { source: 'error', code: 'email_exists' },
    });
    expect(describeSignupFailure('exists', apiError('service_unavailable', 503), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'error', code: 'generic' },
    });
  });

  it('a failed backend validation is a toast with the server message', () => {
    expect(describeSignupFailure('validation', apiError('bad_request', 400), EMAIL)).toEqual({
      type: 'toast',
      message: { source: 'server', text: 'server says bad_request' },
    });
  });
});
