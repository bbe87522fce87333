import { mfaPhoneRequestSchema, mfaStatusSchema, mfaVerifyRequestSchema } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import { currentUser } from '../users/current-user';
import type { Request } from 'express';
import type { SessionService } from '../sessions/session.service';
import type { UserRepository } from '../users/user.repository';
import type { MfaService } from './mfa.service';

/** Two-factor settings of the logged-in account. */
export function mfaRoutes(mfa: MfaService, users: UserRepository, sessions: SessionService) {
  const me = (req: Request) => currentUser(req, sessions, users);
  return [
    defineRoute({
      method: 'get', path: '/v3/mfa/', summary: 'Two-factor status of the logged-in account', auth: 'viewer', response: mfaStatusSchema,
      handler: async ({ req }) => mfa.status(await me(req)),
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/phone/', summary: 'Start enrolling a phone number: a code is sent to it', auth: 'viewer', body: mfaPhoneRequestSchema, response: mfaStatusSchema,
      handler: async ({ req, body }) => mfa.startEnrolment(await me(req), body.phone_number),
    }),
    defineRoute({
      method: 'post', path: '/v3/mfa/phone/verify/', summary: 'Confirm the number with its code: two-factor is then on', auth: 'viewer', body: mfaVerifyRequestSchema, response: mfaStatusSchema,
      handler: async ({ req, body }) => mfa.confirmEnrolment(await me(req), body.code),
    }),
  ];
}
