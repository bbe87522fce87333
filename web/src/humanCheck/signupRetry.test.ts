import { describe, expect, it, jest } from '@jest/globals';
import type { LoginRequest, SessionUser } from '@pinhive/contracts';
import { ApiError } from '../api/client';
import { runEmailSignup, type SignupCalls } from '../auth/signupFlow';
import { humanCheckDemandFrom } from './demand';

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
const VALUES = { email: 'ada@example.com', password: 'secret1', birthday: '1990-06-15' };
const TOO_QUICK = new ApiError({
  code: 'login_too_quick',
  message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
  message_detail: null,
  http_status: 429,
  data: { human_check: 'local', ip_rule: true },
});

/** A sign-up with an existing email logs in; its log-in answers "too quick" until a token comes. */
function existingEmail() {
  const logIn = jest.fn(async (request: LoginRequest) => {
    if (!request.recaptchaV2Token) throw TOO_QUICK;
    return { user: USER };
  });
  const calls: SignupCalls = {
    emailExists: async () => true,
    validateEmail: async () => true,
    logIn,
    register: async () => ({ user: USER }),
    experiments: async () => ({ kr_privacy_consent: 'control' }),
  };
  return { calls, logIn };
}

describe('the sign-up of an existing email and the human check', () => {
  it('reports the too-quick log-in as a failed log-in step with a demand the check can show', async () => {
    const { calls } = existingEmail();
    const outcome = await runEmailSignup(VALUES, calls);
    expect(outcome).toEqual({ type: 'failed', step: 'login', error: TOO_QUICK });
    expect(outcome.type === 'failed' && humanCheckDemandFrom(outcome.error)).toEqual({ human_check: 'local', ip_rule: true });
  });

  it('retries the log-in with the token as recaptchaV2Token', async () => {
    const { calls, logIn } = existingEmail();
    await expect(runEmailSignup(VALUES, calls, 'local.tok')).resolves.toEqual({ type: 'logged_in', user: USER });
    expect(logIn).toHaveBeenCalledWith({ username_or_email: 'ada@example.com', password: 'secret1', recaptchaV3Token: 'default', recaptchaV2Token: 'local.tok' });
  });
});
