import { describe, expect, it } from '@jest/globals';
import { errorCatalogue, PRODUCT_NAME } from '@pinhive/contracts';
import en from './en.json';

/** What a reader sees: the product name filled in, markup tags (`<reset>…</reset>`) dropped. */
const shown = (text: string): string => text.replaceAll('{{product}}', PRODUCT_NAME).replace(/<\/?[a-zA-Z]+>/g, '');

describe('the English catalogue', () => {
  it("uses the contracts' (the spec's) words for every error code it shares with them", () => {
    const catalogue: Record<string, { message: string }> = errorCatalogue;
    const shared = Object.entries(en.errors).filter(([code]) => code in catalogue);
    expect(shared.length).toBeGreaterThan(20);
    for (const [code, text] of shared) expect({ code, text: shown(text) }).toEqual({ code, text: catalogue[code]!.message });
  });

  it('has the same words for the wrong-password message with its reset link', () => {
    expect(shown(en.auth.passwordIncorrect)).toBe(en.errors.password_incorrect);
  });

  it('keeps the spec strings of the log-in and sign-up views', () => {
    expect(shown(en.auth.login.title)).toBe('Welcome to Pinhive');
    expect(shown(en.auth.signup.toLogin)).toBe('Already a member? Log in');
    expect(shown(en.auth.login.toSignup)).toBe('Need an account? Sign up now');
    expect(shown(en.auth.business)).toBe('Are you a business? Get started here!');
    expect(en.auth.login.forgot).toBe('Forgot your password?');
    expect(shown(en.auth.typo)).toBe('Did you mean {{suggested}}?');
    expect(en.recovery.emailSent).toBe('Email sent!');
    expect(en.errors.login_rate_limited).toBe('You have reached the maximum number of login attempts. Try again in 30 minutes.');
  });

  it('keeps the spec strings of two-factor and account switching', () => {
    expect(en.auth.mfa.title).toBe('Two-factor authentication required');
    expect(en.validation.mfa_code_required).toBe("You missed a spot! Don't forget to add your verification code.");
    expect(en.validation.mfa_code_format).toBe("Hmm...that doesn't look like a verification code.");
    expect(shown(en.auth.switch.intro)).toBe('Have another Pinhive account? Log in to easily switch between them');
  });
});
