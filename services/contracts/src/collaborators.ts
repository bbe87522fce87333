import { z } from 'zod';
import { boardSchema, idSchema, userSummarySchema } from './pins-boards';
import { EMAIL_FORMAT } from './rules/signup';
import { BOARD_PRIVACIES } from './saving';

/*
 * Board collaborators and invitations (saving-boards-ads.md sections 2, 3, 5, 6, 7 and 9): the
 * limits, strings and resource shapes pins-boards serves and the web app sends. Limits the spec
 * leaves open are chosen here and explained in docs/decisions/collaborators.md.
 */

/** People invited in one call (ids and emails together): the create form sends its whole list at once. */
export const MAX_INVITES_PER_CALL = 20;
/** Collaborators one board may have: each save into it updates every member's board list. */
export const MAX_COLLABORATORS_PER_BOARD = 50;
/** Invitations waiting for an answer, per board and per invited person (both lists are read whole). */
export const MAX_PENDING_INVITES_PER_BOARD = 50;
export const MAX_PENDING_INVITES_PER_PERSON = 100;
/** An invitation (by email or to a user) is answered within this many days, or it lapses. */
export const INVITE_TTL_DAYS = 30;
/** Section 9: collaborator avatars, 3 named, the rest 'and N more'. */
export const COLLABORATOR_AVATARS_NAMED = 3;
/** ShareSuggestionsResource: the people offered before anything is typed, at most. */
export const SHARE_SUGGESTIONS_MAX = 20;
/** Section 9: "Search typeahead default count 5". */
export const SHARE_TYPEAHEAD_COUNT_DEFAULT = 5;
export const SHARE_TYPEAHEAD_COUNT_MAX = 10;
/** The longest address a mail system delivers to (RFC 5321's path limit, less the brackets). */
export const INVITE_EMAIL_MAX_LENGTH = 254;

/** Section 5: what an email row of the invite typeahead says. */
export const COLLABORATOR_STRINGS = {
  keepTyping: 'Keep typing!',
  clickToSend: 'Click to send!',
  done: 'Done!',
} as const;

/** Addresses are compared as mail systems route them in practice: trimmed, lower-cased. */
export const normaliseInviteEmail = (email: string): string => email.trim().toLowerCase();

/** Whether an invitation can be sent to this address (the sign-up's email format, and a length a mail system takes). */
export function isInviteEmail(text: string): boolean {
  const email = text.trim();
  return email.length > 0 && email.length <= INVITE_EMAIL_MAX_LENGTH && EMAIL_FORMAT.test(email);
}

/** A typed term the typeahead answers with an email row rather than people: an `@` after something (`@ada` is a username). */
export const looksLikeEmail = (term: string): boolean => term.trim().indexOf('@') > 0;

/** Account ids (auth's), as the invite options carry them. */
const userIdSchema = z.string().min(1).max(64);

// ---- invitations -------------------------------------------------------------------------

/**
 * BoardInviteResource create (section 7: "Invite sending: ids only, per created board, for
 * emails or users"): the board's owner invites accounts by id and people by email address.
 */
export const inviteCreateOptionsSchema = z
  .object({
    board_id: idSchema,
    invited_user_ids: z.array(userIdSchema).max(MAX_INVITES_PER_CALL).default([]),
    emails: z.array(z.string().max(INVITE_EMAIL_MAX_LENGTH * 2)).max(MAX_INVITES_PER_CALL).default([]),
  })
  .refine((o) => o.invited_user_ids.length + o.emails.length > 0, { message: 'Name at least one person to invite.', path: ['invited_user_ids'] })
  .refine((o) => o.invited_user_ids.length + o.emails.length <= MAX_INVITES_PER_CALL, {
    message: `Invite at most ${MAX_INVITES_PER_CALL} people at a time.`,
    path: ['invited_user_ids'],
  });
export type InviteCreateOptions = z.input<typeof inviteCreateOptionsSchema>;

/** Why one person of an invite call was not invited. */
export const INVITE_REFUSALS = ['unknown_user', 'invalid_email', 'yourself', 'already_collaborator', 'board_full', 'invitee_full'] as const;
export type InviteRefusal = (typeof INVITE_REFUSALS)[number];

/** One person of an invite call: by id (`user_id`) or by address (`email`), the other null. */
const invitedPerson = { user_id: z.string().nullable(), email: z.string().nullable() };

/** Its answer: who is invited now (a second invite of someone already invited is no error), who is not and why. */
export const inviteCreateResultSchema = z.object({
  invited: z.array(z.object({ ...invitedPerson, invite_id: z.string() })),
  refused: z.array(z.object({ ...invitedPerson, reason: z.enum(INVITE_REFUSALS), message: z.string() })),
});
export type InviteCreateResult = z.infer<typeof inviteCreateResultSchema>;

/** BoardInviteResource update: the invited person accepts or declines their invitation to a board. */
export const inviteAnswerOptionsSchema = z.object({ board_id: idSchema, accept: z.boolean() });
export type InviteAnswerOptions = z.input<typeof inviteAnswerOptionsSchema>;

/** The link's secret (`/invite/board/<token>/`): 32 random bytes, base64url. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.');

/** BoardEmailInviteResource get (what the link invites to) and update (its answer, by whoever is signed in). */
export const emailInviteGetOptionsSchema = z.object({ token: inviteTokenSchema });
export const emailInviteAnswerOptionsSchema = z.object({ token: inviteTokenSchema, accept: z.boolean() });
export type EmailInviteAnswerOptions = z.input<typeof emailInviteAnswerOptionsSchema>;

/** The answer to an invitation: accepted, the board as its new collaborator now sees it. */
export const inviteAnswerSchema = z.object({ board_id: z.string(), accepted: z.boolean(), board: boardSchema.nullable() });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;

/** A board as an invitation shows it (its name even when secret: the invited person may see that much). */
export const invitedBoardSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  privacy: z.enum(BOARD_PRIVACIES),
  owner: z.object({ id: z.string(), username: z.string() }),
});
export type InvitedBoard = z.infer<typeof invitedBoardSchema>;

/** A pending invitation: to the viewer (their list), or of a board (its owner's list: `invitee` or `email`). */
export const boardInviteSchema = z.object({
  id: z.string(),
  kind: z.enum(['user', 'email']),
  board: invitedBoardSchema,
  inviter: userSummarySchema,
  invitee: userSummarySchema.nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type BoardInvite = z.infer<typeof boardInviteSchema>;

/** BoardInvitesResource get (paged): the viewer's pending invitations, or with `board_id` that board's (owner). */
export const boardInvitesOptionsSchema = z.object({
  board_id: idSchema.optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  bookmarks: z.array(z.string()).max(1).optional(),
});

/** BoardEmailInviteResource get: what an emailed link invites to. */
export const emailInviteSchema = z.object({ board: invitedBoardSchema, inviter: userSummarySchema, expires_at: z.string() });
export type EmailInvite = z.infer<typeof emailInviteSchema>;

// ---- collaborators -----------------------------------------------------------------------

/** BoardCollaboratorResource delete: the owner removes `user_id`; a collaborator removes themselves (leaves). */
export const collaboratorRemoveOptionsSchema = z.object({ board_id: idSchema, user_id: userIdSchema });
export const collaboratorRemovedSchema = z.object({ board_id: z.string(), user_id: z.string() });

// ---- share suggestions (section 3: collaborator suggestion) ---------------------------------

export const SHARE_SUGGESTION_TYPES = ['user_share_suggestion', 'user', 'email'] as const;

/**
 * A collaborator suggestion: `user_share_suggestion` (someone the viewer collaborates with),
 * `user` (someone found by what is typed: the exact username, or the start of words of their
 * username or name), or `email` (the typed address, `valid` saying whether an invite can be sent
 * to it; people carry no `valid`).
 */
export const shareSuggestionSchema = z.object({
  type: z.enum(SHARE_SUGGESTION_TYPES),
  id: z.string(),
  full_name: z.string(),
  username: z.string(),
  title: z.string(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
  valid: z.boolean().optional(),
});
export type ShareSuggestion = z.infer<typeof shareSuggestionSchema>;

/** ShareSuggestionsResource get: people to invite before anything is typed (`board_id` leaves out its members). */
export const shareSuggestionsOptionsSchema = z.object({
  board_id: idSchema.optional(),
  count: z.coerce.number().int().min(1).max(SHARE_SUGGESTIONS_MAX).default(SHARE_SUGGESTIONS_MAX),
});

/** ShareSuggestionsTypeaheadResource get: suggestions for a typed name, username or address. */
export const shareTypeaheadOptionsSchema = z.object({
  term: z.string().trim().min(1, 'Type a name or an email address.').max(INVITE_EMAIL_MAX_LENGTH),
  board_id: idSchema.optional(),
  count: z.coerce.number().int().min(1).max(SHARE_TYPEAHEAD_COUNT_MAX).default(SHARE_TYPEAHEAD_COUNT_DEFAULT),
});
export type ShareTypeaheadOptions = z.input<typeof shareTypeaheadOptionsSchema>;
