import { registerRequestSchema, registerResponseSchema } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import type { RegistrationService } from './registration.service';

export function userRoutes(registration: RegistrationService) {
  return [
    defineRoute({
      method: 'post',
      path: '/v3/register/',
      summary: 'Register with email, password and birthday',
      body: registerRequestSchema,
      response: registerResponseSchema,
      status: 201,
      handler: async ({ body }) => ({ user: await registration.register(body) }),
    }),
  ];
}
