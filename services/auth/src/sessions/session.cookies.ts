import type { Response } from 'express';
import { RECOGNISED_COOKIE, SESSION_COOKIES } from '@pinhive/contracts';
import { RECOGNITION_MAX_AGE_SECONDS } from './recognition';

/**
 * Session cookies: httpOnly (scripts never see a token), SameSite=Lax (not sent on cross-site
 * POSTs), Secure behind HTTPS. The refresh cookie goes only to /v3/ where logout and refresh
 * live; the access cookie to every path.
 */
export function setSessionCookies(res: Response, tokens: { access: string; refresh: string; recognition: string }, opts: { secure: boolean; accessTtlSeconds: number; refreshTtlSeconds: number }): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };
  res.cookie(SESSION_COOKIES.access, tokens.access, { ...base, path: '/', maxAge: opts.accessTtlSeconds * 1000 });
  res.cookie(SESSION_COOKIES.refresh, tokens.refresh, { ...base, path: '/v3/', maxAge: opts.refreshTtlSeconds * 1000 });
  // Outlives the session on purpose: after log-out the browser still knows who used it last.
  res.cookie(RECOGNISED_COOKIE, tokens.recognition, { ...base, path: '/v3/', maxAge: RECOGNITION_MAX_AGE_SECONDS * 1000 });
}

/** "Not you?": this browser no longer offers the personalised log-in. */
export function clearRecognitionCookie(res: Response, secure: boolean): void {
  res.clearCookie(RECOGNISED_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/v3/' });
}

export function clearSessionCookies(res: Response, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  res.clearCookie(SESSION_COOKIES.access, { ...base, path: '/' });
  res.clearCookie(SESSION_COOKIES.refresh, { ...base, path: '/v3/' });
}

/** The under-age flag (spec: cookie value "1"); readable, so the sign-up form can disable itself. */
export function setUnderageCookie(res: Response, secure: boolean): void {
  res.cookie(SESSION_COOKIES.underage, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 365 * 24 * 3600 * 1000 });
}
