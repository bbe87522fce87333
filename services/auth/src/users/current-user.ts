import type { Request } from 'express';
import { appError, requireViewer } from '@pinhive/kit';
import type { SessionService } from '../sessions/session.service';
import type { UserDoc } from './user.model';
import type { UserRepository } from './user.repository';

/**
 * The account of the request's access token. Access tokens are stateless, so auth also checks
 * that the session is still open: its own routes honour a logout at once.
 */
export async function currentUser(req: Request, sessions: SessionService, users: UserRepository): Promise<UserDoc> {
  const viewer = requireViewer(req);
  const user = (await sessions.isActive(viewer.sessionId)) ? await users.findById(viewer.userId) : null;
  if (!user) throw appError('unauthorized');
  return user;
}
