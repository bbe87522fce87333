import type { Request, Response } from 'express';
import { MAX_STORED_ACCOUNTS, SESSION_COOKIES, type SessionUser, type StoredAccount } from '@pinhive/contracts';
import { appError, readCookie } from '@pinhive/kit';
import type { UserRepository } from '../users/user.repository';
import { presentSessionUser } from '../users/user.presenter';
import { setSessionCookies } from './session.cookies';
import { refreshCookie, type CookieOptions } from './session.routes';
import type { SessionService } from './session.service';

function readStored(req: Request): string[] {
  const raw = readCookie(req, SESSION_COOKIES.accounts);
  return raw ? raw.split(',').filter(Boolean).slice(0, MAX_STORED_ACCOUNTS) : [];
}

function writeStored(res: Response, tokens: string[], secure: boolean): void {
  const opts = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/v3/' };
  if (tokens.length === 0) res.clearCookie(SESSION_COOKIES.accounts, opts);
  else res.cookie(SESSION_COOKIES.accounts, tokens.join(','), { ...opts, maxAge: 30 * 24 * 3600 * 1000 });
}

/**
 * Account switching (spec "stored account"): one browser keeps several accounts logged in.
 * The active account's session is in the usual cookies; the others' refresh tokens wait in the
 * httpOnly `ph_accounts` cookie, and switching rotates the chosen one into the active place.
 */
export class StoredAccounts {
  constructor(private readonly sessions: SessionService, private readonly users: UserRepository, private readonly cookies: CookieOptions) {}

  /**
   * Before a log-in sets new session cookies: in account-switch mode the current account is
   * kept for switching; otherwise its session ends (a new log-in replaces it).
   */
  async beforeLogin(req: Request, res: Response, switching: boolean, newUserId: string): Promise<void> {
    const active = refreshCookie(req);
    let stored = readStored(req);
    if (active && switching) stored = [active, ...stored];
    else if (active) {
      const session = await this.sessions.peek(active);
      if (session) await this.sessions.close(session._id);
    }
    writeStored(res, await this.keepLive(stored, newUserId, MAX_STORED_ACCOUNTS - 1), this.cookies.secure);
  }

  /**
   * Live sessions only, one per account, none for `exceptUserId`, at most `max`. A live session
   * left out is ended: no cookie holds it any more, so nobody could use or end it otherwise
   * (e.g. the old session of an account that logs in again on this browser).
   */
  private async keepLive(tokens: string[], exceptUserId: string | null, max: number): Promise<string[]> {
    const seen = new Set<string>(exceptUserId ? [exceptUserId] : []);
    const kept: string[] = [];
    for (const token of tokens) {
      const session = await this.sessions.peek(token);
      if (!session) continue;
      if (seen.has(session.userId) || kept.length >= max) {
        await this.sessions.close(session._id);
        continue;
      }
      seen.add(session.userId);
      kept.push(token);
    }
    return kept;
  }

  async list(req: Request): Promise<StoredAccount[]> {
    const active = refreshCookie(req);
    const tokens = [...(active ? [active] : []), ...readStored(req)];
    const accounts: StoredAccount[] = [];
    for (const token of tokens) {
      const session = await this.sessions.peek(token);
      const user = session ? await this.users.findById(session.userId) : null;
      if (!user || accounts.some((a) => a.id === user._id)) continue;
      const u = presentSessionUser(user);
      accounts.push({ id: u.id, username: u.username, email: u.email, fullName: u.full_name, imageMediumUrl: u.image_medium_url, imageLargeUrl: u.image_large_url, active: token === active });
    }
    return accounts;
  }

  /** Makes a stored account active, without a password; the current one is stored instead. */
  async switchTo(req: Request, res: Response, userId: string): Promise<SessionUser> {
    const stored = readStored(req);
    let target: string | undefined;
    for (const token of stored) {
      if ((await this.sessions.peek(token))?.userId === userId) target = token;
    }
    if (!target) throw appError('not_found', { message: 'This browser is not logged in to that account.' });
    const user = await this.users.findById(userId);
    if (!user) throw appError('not_found', { message: 'This browser is not logged in to that account.' });
    const issued = await this.sessions.refresh(target, async () => user.username);
    const active = refreshCookie(req);
    const rest = stored.filter((t) => t !== target);
    writeStored(res, await this.keepLive(active ? [active, ...rest] : rest, userId, MAX_STORED_ACCOUNTS - 1), this.cookies.secure);
    setSessionCookies(res, issued, this.cookies);
    return presentSessionUser(user);
  }
}
