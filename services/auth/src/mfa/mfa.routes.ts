import {
  authenticatorEnrolmentSchema, mfaAuthenticatorCodeSchema, mfaAuthenticatorDisableSchema, mfaPhoneRequestSchema, mfaSettingsStatusSchema, mfaVerifyRequestSchema,
  recoveryCodesSchema,
} from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import { currentUser } from '../users/current-user';
import type { Request } from 'express';
import type { SessionService } from '../sessions/session.service';
import type { UserRepository } from '../users/user.repository';
import type { MfaService } from './mfa.service';

/** Two-factor settings of the logged-in account: a phone, or an authenticator app with recovery codes. */
export function mfaRoutes(mfa: MfaService, users: UserRepository, sessions: SessionService) {
  const me = (req: Request) => currentUser(req, sessions, users);
  const authenticator = mfa.authenticator;
  return [
    defineRoute({
      method: 'get', path: '/v3/mfa/', summary: 'Two-factor status of the logged-in account', auth: 'viewer', response: mfaSettingsStatusSchema,
      handler: async ({ req }) => mfa.status(await me(req)),
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/phone/', summary: 'Start enrolling a phone number: a code is sent to it', auth: 'viewer', body: mfaPhoneRequestSchema, response: mfaSettingsStatusSchema,
      handler: async ({ req, body }) => mfa.startEnrolment(await me(req), body.phone_number),
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/phone/verify/', summary: 'Confirm the number with its code: two-factor is then on', auth: 'viewer', body: mfaVerifyRequestSchema, response: mfaSettingsStatusSchema,
      handler: async ({ req, body }) => mfa.confirmEnrolment(await me(req), body.code),
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/totp/', auth: 'viewer', response: authenticatorEnrolmentSchema,
      summary: 'Start enrolling an authenticator app: a new secret as an otpauth:// link, its QR code and base32 (shown this once)',
      handler: async ({ req }) => authenticator.start(await me(req)),
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/totp/verify/', auth: 'viewer', body: mfaAuthenticatorCodeSchema, response: recoveryCodesSchema,
      summary: "Confirm the authenticator with a current code: two-factor is then on (replacing a phone's), and the 10 recovery codes are answered this once",
      handler: async ({ req, body }) => {
        const user = await me(req);
        const { mfa: on, recoveryCodes } = await authenticator.confirm(user, body.code);
        return { status: await mfa.status({ ...user, mfa: on, mfaPending: null }), recovery_codes: recoveryCodes };
      },
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/totp/disable/', auth: 'viewer', body: mfaAuthenticatorDisableSchema, response: mfaSettingsStatusSchema,
      summary: 'Turn the authenticator off, with a current code or a recovery code',
      handler: async ({ req, body }) => {
        const user = await me(req);
        await authenticator.disable(user, body.code);
        return mfa.status({ ...user, mfa: null });
      },
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/recovery_codes/', auth: 'viewer', body: mfaAuthenticatorCodeSchema, response: recoveryCodesSchema,
      summary: 'New recovery codes, with a current code from the authenticator: the old ones stop working',
      handler: async ({ req, body }) => {
        const user = await me(req);
        const codes = await authenticator.regenerateRecoveryCodes(user, body.code);
        return { status: await mfa.status(user), recovery_codes: codes };
      },
    }),
  ];
}
