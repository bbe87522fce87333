import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { CSRF_HEADER, SESSION_COOKIES } from '@pinhive/contracts';
import { AppError, appError } from '../errors';
import { cachedAccessTokens, type KeyLookup, type Viewer } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` when a valid access token came with the request. */
    viewer?: Viewer;
    /** Why a token that came with the request was refused (expired, forged...). */
    authError?: AppError;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie's value, or undefined when absent or empty (cookie-parser fills req.cookies). */
export function readCookie(req: Request, name: string): string | undefined {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const v = cookies?.[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * Reads the access token (cookie `ph_access`, or `Authorization: Bearer` for service clients)
 * and sets `req.viewer`. A missing or refused token leaves the request anonymous, so a stale
 * cookie never stands in the way of logging in again; routes that need a viewer answer 401
 * with the reason (`token_expired` tells the web app to refresh).
 */
export function authenticate(lookup: KeyLookup): RequestHandler {
  const verify = cachedAccessTokens(lookup);
  return (req, _res, next) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : readCookie(req, SESSION_COOKIES.access);
    if (!token) return next();
    verify(token).then(
      (viewer) => {
        req.viewer = viewer;
        next();
      },
      (err: unknown) => {
        if (!(err instanceof AppError)) return next(err);
        req.authError = err;
        next();
      },
    );
  };
}

/** The viewer of a route that needs one: 401 otherwise, saying why. */
export function requireViewer(req: Request): Viewer {
  if (!req.viewer) throw req.authError ?? appError('unauthorized');
  return req.viewer;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * CSRF protection by double submit: every answer makes sure the browser has a readable
 * `csrftoken` cookie (a request with a bearer token gets none); a state-changing request that
 * carries a session cookie must echo it in the `X-CSRFToken` header. (Session cookies are also
 * SameSite=Lax.)
 */
export function csrfProtection(opts: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    let token = readCookie(req, SESSION_COOKIES.csrf);
    // A client that sends its access token as a bearer (a service, a script, an app) keeps no
    // cookies: a CSRF cookie made for it would be made again on every request, for nothing.
    if (!token && !req.headers.authorization?.startsWith('Bearer ')) {
      token = randomBytes(24).toString('base64url');
      setCsrfCookie(res, token, opts.secure);
    }
    const hasSession = readCookie(req, SESSION_COOKIES.access) !== undefined || readCookie(req, SESSION_COOKIES.refresh) !== undefined;
    if (SAFE_METHODS.has(req.method) || !hasSession) return next();
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || token === undefined || !sameToken(sent, token)) return next(appError('csrf_failed'));
    next();
  };
}

function setCsrfCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(SESSION_COOKIES.csrf, token, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 365 * 24 * 3600 * 1000 });
}
