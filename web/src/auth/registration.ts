import type { RegisterRequest } from '@pinhive/contracts';
import { parseIsoDate, type SignupValues } from './validation';

/** `YYYY-MM-DD` → seconds since the epoch at 00:00 UTC of that day. */
export function birthdayToSeconds(value: string): number {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`Not a date: ${value}`);
  return Date.UTC(date.year, date.month - 1, date.day) / 1000;
}

/**
 * The first name the spec derives from the email: the local part up to the first dot or plus,
 * capitalised (`ada.lovelace+pins@example.com` → `Ada`).
 */
export function firstNameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const word = local.split(/[.+]/).find((part) => part !== '') ?? '';
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The consents view's answers (the `kr_privacy_consent` experiment). */
export interface ConsentChoices {
  /** The required agreement to the collection and use of personal information. */
  privacy: boolean;
  /** The optional marketing emails. */
  marketing: boolean;
}

/** The payload's consent fields: the marketing box left unchecked means opted out. */
export function consentFields(choices: ConsentChoices): Pick<RegisterRequest, 'kr_privacy_consent_opt_in' | 'marketing_notifs_opt_out'> {
  return { kr_privacy_consent_opt_in: choices.privacy, marketing_notifs_opt_out: !choices.marketing };
}

/**
 * The email-type registration payload (`RegisterRequest` in contracts) for valid form values,
 * with the consent fields when the consents view asked for them (only then: the server reads
 * their presence as "this sign-up went through the consent step").
 */
export function buildRegisterRequest(values: SignupValues, consent?: ConsentChoices): RegisterRequest {
  const email = values.email.trim();
  return {
    type: 'email',
    email,
    password: values.password,
    birthday: birthdayToSeconds(values.birthday),
    first_name: firstNameFromEmail(email),
    last_name: '',
    recaptchaV3Token: 'default',
    country: undefined,
    ...(consent ? consentFields(consent) : {}),
  };
}
