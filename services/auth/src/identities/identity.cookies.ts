import type { Response } from 'express';
import { SESSION_COOKIES } from '@pinhive/contracts';
import { FIRST_FACTOR_TTL_SECONDS, FLOW_TTL_SECONDS, PENDING_IDENTITY_TTL_SECONDS } from './provider-flows';

/**
 * The ids of a started provider flow and of an identity waiting for its sign-up: httpOnly (the
 * page never sees them), Lax (not sent on cross-site POSTs), only to /v3/ where they are used.
 */
const base = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: '/v3/' });

export const setFlowCookie = (res: Response, id: string, secure: boolean) => res.cookie(SESSION_COOKIES.idFlow, id, { ...base(secure), maxAge: FLOW_TTL_SECONDS * 1000 });
/**
 * The one-tap prompt's flow has a cookie of its own: a page starts the prompt as it loads, and a
 * person may press a provider's button before that start has answered. In one cookie, whichever
 * answer came last would leave the other flow's token nothing to match (id-token.verifier.ts).
 */
export const setOneTapFlowCookie = (res: Response, id: string, secure: boolean) => res.cookie(SESSION_COOKIES.oneTapFlow, id, { ...base(secure), maxAge: FLOW_TTL_SECONDS * 1000 });
export const setPendingIdentityCookie = (res: Response, id: string, secure: boolean) =>
  res.cookie(SESSION_COOKIES.identity, id, { ...base(secure), maxAge: PENDING_IDENTITY_TTL_SECONDS * 1000 });
export const clearPendingIdentityCookie = (res: Response, secure: boolean) => res.clearCookie(SESSION_COOKIES.identity, base(secure));
export const setFirstFactorCookie = (res: Response, id: string, secure: boolean) =>
  res.cookie(SESSION_COOKIES.identityMfa, id, { ...base(secure), maxAge: FIRST_FACTOR_TTL_SECONDS * 1000 });
export const clearFirstFactorCookie = (res: Response, secure: boolean) => res.clearCookie(SESSION_COOKIES.identityMfa, base(secure));
