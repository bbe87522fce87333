import { z } from 'zod';
import {
  boardInviteSchema,
  collaboratorRemovedSchema,
  emailInviteSchema,
  inviteAnswerSchema,
  inviteCreateResultSchema,
  shareSuggestionSchema,
  type BoardInvite,
  type EmailInvite,
  type InviteAnswer,
  type InviteCreateResult,
  type ShareSuggestion,
} from '@pinhive/contracts';
import { resourceGet, resourcePage, resourceWrite, type Page } from '../api/resource';

/** Invitations per page (the viewer's list, a board's pending list). */
export const INVITES_PAGE_SIZE = 25;

/** BoardInviteResource create: ids only (section 7), for accounts or addresses. */
export function sendInvites(boardId: string, people: { invited_user_ids: string[]; emails: string[] }): Promise<InviteCreateResult> {
  return resourceWrite('BoardInviteResource', 'create', { board_id: boardId, ...people }, inviteCreateResultSchema);
}

export function answerInvite(boardId: string, accept: boolean): Promise<InviteAnswer> {
  return resourceWrite('BoardInviteResource', 'update', { board_id: boardId, accept }, inviteAnswerSchema);
}

/** BoardInvitesResource get: the viewer's pending invitations, or a board's (its owner). */
export function fetchInvites(boardId: string | undefined, bookmark: string | null, signal?: AbortSignal): Promise<Page<BoardInvite>> {
  return resourcePage('BoardInvitesResource', boardId ? { board_id: boardId } : {}, INVITES_PAGE_SIZE, bookmark, z.array(boardInviteSchema), signal);
}

export function fetchEmailInvite(token: string, signal?: AbortSignal): Promise<EmailInvite> {
  return resourceGet('BoardEmailInviteResource', { token }, emailInviteSchema, signal);
}

export function answerEmailInvite(token: string, accept: boolean): Promise<InviteAnswer> {
  return resourceWrite('BoardEmailInviteResource', 'update', { token, accept }, inviteAnswerSchema);
}

/** The owner removes a collaborator; a collaborator passes their own id to leave. */
export function removeCollaborator(boardId: string, userId: string): Promise<{ board_id: string; user_id: string }> {
  return resourceWrite('BoardCollaboratorResource', 'delete', { board_id: boardId, user_id: userId }, collaboratorRemovedSchema);
}

export function fetchShareSuggestions(boardId: string | undefined, signal?: AbortSignal): Promise<ShareSuggestion[]> {
  return resourceGet('ShareSuggestionsResource', boardId ? { board_id: boardId } : {}, z.array(shareSuggestionSchema), signal);
}

export function fetchShareTypeahead(term: string, boardId: string | undefined, signal?: AbortSignal): Promise<ShareSuggestion[]> {
  return resourceGet('ShareSuggestionsTypeaheadResource', { term, ...(boardId ? { board_id: boardId } : {}) }, z.array(shareSuggestionSchema), signal);
}
