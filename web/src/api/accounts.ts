import { loginResponseSchema, storedAccountsResponseSchema, type SessionUser, type StoredAccount } from '@pinhive/contracts';
import { apiRequest } from './client';

/** `GET /v3/auth/accounts/`: every account this browser is logged in to (the active one marked). */
export async function fetchStoredAccounts(signal?: AbortSignal): Promise<StoredAccount[]> {
  const { accounts } = await apiRequest('/v3/auth/accounts/', { signal, schema: storedAccountsResponseSchema });
  return accounts;
}

/**
 * `POST /v3/auth/switch/`: makes another logged-in account of this browser the active one, without
 * a password. 404 `not_found` when the browser has no session for it, 401 when that session ended.
 */
export async function switchAccount(userId: string): Promise<SessionUser> {
  const { user } = await apiRequest('/v3/auth/switch/', { method: 'POST', body: { user_id: userId }, schema: loginResponseSchema });
  return user;
}
