import { loginResponseSchema, storedAccountsResponseSchema, switchAccountRequestSchema } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import type { StoredAccounts } from './stored-accounts';

export function storedAccountRoutes(accounts: StoredAccounts) {
  return [
    defineRoute({
      method: 'get', path: '/v3/auth/accounts/', summary: 'The accounts this browser is logged in to (for switching)', auth: 'public', response: storedAccountsResponseSchema,
      handler: async ({ req }) => ({ accounts: await accounts.list(req) }),
    }),
    defineRoute({
      method: 'post', path: '/v3/auth/switch/', summary: 'Make another logged-in account of this browser the active one', auth: 'public', body: switchAccountRequestSchema, response: loginResponseSchema,
      handler: async ({ req, res, body }) => ({ user: await accounts.switchTo(req, res, body.user_id) }),
    }),
  ];
}
