import {
  boardInviteSchema,
  boardInvitesOptionsSchema,
  collaboratorRemovedSchema,
  collaboratorRemoveOptionsSchema,
  emailInviteAnswerOptionsSchema,
  emailInviteGetOptionsSchema,
  emailInviteSchema,
  inviteAnswerOptionsSchema,
  inviteAnswerSchema,
  inviteCreateOptionsSchema,
  inviteCreateResultSchema,
  shareSuggestionSchema,
  shareSuggestionsOptionsSchema,
  shareTypeaheadOptionsSchema,
} from '@pinhive/contracts';
import { defineResource, memoryLimit, pagedOptions, pageWithNextKey, perViewer } from '@pinhive/kit';
import { z } from 'zod';
import { newestFirst } from './collaborator.presenter';
import type { CollaboratorService } from './collaborator.service';
import type { ShareSuggestions } from './share-suggestions';

/** A page of invitations starts after this one of the bounded, ordered list. */
const invitesKey = z.object({ after: z.string().min(1).max(200) });

/**
 * Invitations send mail: a viewer's invite calls are limited (each names up to 20 people), so an
 * account cannot be used to mail strangers in bulk.
 */
const INVITE_CALLS = { points: 30, durationSeconds: 3600 };

export function collaboratorRoutes(collaborators: CollaboratorService, suggestions: ShareSuggestions) {
  const inviteLimit = { ...memoryLimit('board-invites', INVITE_CALLS.points, INVITE_CALLS.durationSeconds), ...perViewer };
  return [
    defineResource({
      resource: 'BoardInviteResource', action: 'create', summary: "Invite people to a board by account id or email (owner); answers who is invited and who is refused, and why", auth: 'viewer',
      options: inviteCreateOptionsSchema, response: inviteCreateResultSchema, rateLimit: inviteLimit,
      handler: ({ viewer, options }) => collaborators.invite(viewer, options),
    }),
    defineResource({
      resource: 'BoardInviteResource', action: 'update', summary: 'Accept or decline an invitation to a board (the invited account)', auth: 'viewer',
      options: inviteAnswerOptionsSchema, response: inviteAnswerSchema,
      handler: ({ viewer, options }) => collaborators.answer(viewer, options.board_id, options.accept),
    }),
    defineResource({
      resource: 'BoardInvitesResource', action: 'get', summary: "The viewer's pending invitations, newest first; with board_id, that board's (owner)", auth: 'viewer', paged: true,
      options: pagedOptions(boardInvitesOptionsSchema.omit({ page_size: true, bookmarks: true }), { key: invitesKey, defaultLimit: 25, maxLimit: 100 }),
      response: z.array(boardInviteSchema),
      handler: async ({ viewer, options }) => {
        const all = (options.board_id ? await collaborators.pendingOfBoard(viewer, options.board_id) : await collaborators.pendingOfViewer(viewer)).sort(newestFirst);
        // A bounded list (the caps): the page starts after the invitation the bookmark names.
        const from = options.bookmarks ? all.findIndex((i) => i._id === options.bookmarks?.after) + 1 : 0;
        const shown = all.slice(from, from + options.page_size);
        const last = shown.at(-1);
        const more = from + options.page_size < all.length && last !== undefined;
        return pageWithNextKey(await collaborators.present(shown), more ? { after: last._id } : undefined);
      },
    }),
    defineResource({
      resource: 'BoardEmailInviteResource', action: 'get', summary: 'What an emailed invitation link invites to (anyone holding the link)', auth: 'optional',
      options: emailInviteGetOptionsSchema, response: emailInviteSchema,
      handler: ({ options }) => collaborators.emailInvitePreview(options.token),
    }),
    defineResource({
      resource: 'BoardEmailInviteResource', action: 'update', summary: "Accept or decline an emailed invitation: it binds to whoever holds the link and is signed in", auth: 'viewer',
      options: emailInviteAnswerOptionsSchema, response: inviteAnswerSchema,
      handler: ({ viewer, options }) => collaborators.answerByToken(viewer, options.token, options.accept),
    }),
    defineResource({
      resource: 'BoardCollaboratorResource', action: 'delete', summary: "Remove a collaborator (owner), or leave a board (the collaborator, user_id being theirs); their pins stay", auth: 'viewer',
      options: collaboratorRemoveOptionsSchema, response: collaboratorRemovedSchema,
      handler: ({ viewer, options }) => collaborators.remove(viewer, options.board_id, options.user_id),
    }),
    defineResource({
      resource: 'ShareSuggestionsResource', action: 'get', summary: 'People the viewer may want to invite: those they collaborate with on other boards', auth: 'viewer',
      options: shareSuggestionsOptionsSchema, response: z.array(shareSuggestionSchema),
      handler: ({ viewer, options }) => suggestions.suggestions(viewer, options),
    }),
    defineResource({
      resource: 'ShareSuggestionsTypeaheadResource', action: 'get', summary: 'Suggestions for a typed username, name or email address (an email row says whether it is valid)', auth: 'viewer',
      options: shareTypeaheadOptionsSchema, response: z.array(shareSuggestionSchema),
      handler: ({ viewer, options }) => suggestions.typeahead(viewer, options),
    }),
  ];
}
