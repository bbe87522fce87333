import { randomBytes } from 'node:crypto';
import {
  INVITE_TTL_DAYS,
  MAX_BOARDS_PER_USER,
  MAX_COLLABORATORS_PER_BOARD,
  MAX_PENDING_INVITES_PER_PERSON,
  type BoardInvite,
  type EmailInvite,
  type InviteAnswer,
  type InviteCreateResult,
} from '@pinhive/contracts';
import { appError, authorize, newEvent, type OutboxTarget, type Viewer } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import { BOARDS_COLLECTION, type BoardDoc } from '../boards/board.model';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';
import { authorizeAdvertised, boardPolicy } from '../boards/board.policy';
import type { BoardRepository } from '../boards/board.repository';
import type { BoardService } from '../boards/board.service';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { People } from '../shared/people';
import { presentInvite, presentInvitedBoard } from './collaborator.presenter';
import { emailInviteId, emailInviteKey, INVITES_COLLECTION, isLapsed, userInviteId, userInviteKey, type InviteDoc } from './invite.model';
import type { InviteRepository } from './invite.repository';
import { inviteeFull, planInvites } from './invite.rules';
import { collaborativeEntry } from './member-lists';

const DAY_MS = 86_400_000;

export interface CollaboratorServiceDeps {
  boards: BoardRepository;
  boardService: BoardService;
  lists: BoardListRepository;
  invites: InviteRepository;
  profiles: ProfileRepository;
  people: People;
  kick: (target: OutboxTarget) => void;
  /** A board made for an advertiser takes invitations from that advertiser's owner alone (board.policy.ts). */
  advertisers: Pick<AdvertiserAccess, 'withRole'>;
  now?: () => Date;
}

const inviteGone = () => appError('not_found', { message: 'This invitation has expired or was already answered.' });

/**
 * Collaborators of a board and the invitations that make them (saving-boards-ads.md sections 5
 * and 6): the owner invites (accounts by id, people by email), the invited person accepts or
 * declines, the owner removes a collaborator and a collaborator may leave.
 *
 * A change of membership is one write of the board (BoardRepository.update: an atomic array
 * change, its event `pins.board.collaborator-added.v1` / `-removed.v1` in the same write, the
 * board's facts and pages re-stamped, so write access comes and goes at once on every
 * instance). The member's board list and the invitation follow it in the request; a process that
 * dies in between leaves the board right and its event in the outbox, and the event's handler
 * (collaborator.handlers.ts) brings the list and the invitation in line with the board.
 */
export class CollaboratorService {
  private readonly now: () => Date;

  constructor(private readonly deps: CollaboratorServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- invitations -------------------------------------------------------------------------

  async invite(viewer: Viewer, options: { board_id: string; invited_user_ids: string[]; emails: string[] }): Promise<InviteCreateResult> {
    const board = await this.deps.advertisers.withRole(viewer, await this.deps.boards.findById(options.board_id));
    authorizeAdvertised(viewer, 'invite', board);
    const now = this.now();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);
    const pendingOnBoard = (await this.deps.invites.ofBoard(board._id)).filter((i) => !isLapsed(i, now));
    const pending = new Set(pendingOnBoard.map((i) => (i.kind === 'user' ? `u:${i.inviteeId}` : `e:${i.email}`)));
    const known = new Set<string>();
    for (const id of new Set(options.invited_user_ids)) {
      const profile = await this.deps.profiles.findById(id);
      if (profile && !profile.deactivatedAt) known.add(id);
    }
    const plan = planInvites({ ownerId: board.ownerId, collaboratorIds: board.collaboratorIds, userIds: options.invited_user_ids, emails: options.emails, known, pending });
    const result: InviteCreateResult = { invited: [], refused: plan.refused };

    for (const userId of plan.users) {
      // A count of a bounded read: two owners inviting one person at the same moment may both pass.
      if (!pending.has(`u:${userId}`) && (await this.pendingFor(userId, now)).length >= MAX_PENDING_INVITES_PER_PERSON) {
        result.refused.push(inviteeFull(userId));
        continue;
      }
      const { stored } = await this.deps.invites.insert({
        _id: userInviteId(board._id, userId), kind: 'user', boardId: board._id, inviterId: viewer.userId, inviteeId: userId,
        inviteKey: userInviteKey(board._id, userId), createdAt: now, expiresAt,
      });
      result.invited.push({ user_id: userId, email: null, invite_id: stored._id });
    }

    if (plan.emails.length > 0) {
      const inviter = await this.deps.people.get(viewer.userId);
      for (const email of plan.emails) {
        const token = randomBytes(32).toString('base64url');
        const id = emailInviteId(token);
        const event = newEvent('pins-boards', 'pins.board.invited-by-email.v1', id, {
          inviteId: id, boardId: board._id, email, boardName: board.name, inviterName: inviter.full_name || viewer.username, token, expiresAt: expiresAt.toISOString(),
        }, now);
        const { stored, created } = await this.deps.invites.insert(
          { _id: id, kind: 'email', boardId: board._id, inviterId: viewer.userId, email, inviteKey: emailInviteKey(board._id, email), createdAt: now, expiresAt },
          [event],
        );
        // Only a new invitation mails: a second invite of the same address is the first one.
        if (created) this.deps.kick({ collection: INVITES_COLLECTION, id, created: [event] });
        result.invited.push({ user_id: null, email, invite_id: stored._id });
      }
    }
    return result;
  }

  private async pendingFor(userId: string, now: Date): Promise<InviteDoc[]> {
    return (await this.deps.invites.forInvitee(userId)).filter((i) => !isLapsed(i, now));
  }

  /** BoardInviteResource update: the viewer answers their invitation to a board. */
  async answer(viewer: Viewer, boardId: string, accept: boolean): Promise<InviteAnswer> {
    const invite = await this.deps.invites.findById(userInviteId(boardId, viewer.userId));
    if (!invite || isLapsed(invite, this.now())) {
      // Accepted already (a retried answer): the same answer again.
      const board = accept ? await this.deps.boards.findById(boardId) : null;
      if (board && !board.deletedAt && board.collaboratorIds.includes(viewer.userId)) return this.answered(viewer, board);
      throw inviteGone();
    }
    if (!accept) return this.decline(invite);
    return this.join(viewer, invite);
  }

  /** The emailed link's invitation, valid and not lapsed (404 otherwise). */
  private async emailInvite(token: string): Promise<InviteDoc> {
    const invite = await this.deps.invites.findById(emailInviteId(token));
    if (!invite || isLapsed(invite, this.now())) throw inviteGone();
    return invite;
  }

  /** BoardEmailInviteResource get: what the link invites to, for whoever holds it (signed in or not). */
  async emailInvitePreview(token: string): Promise<EmailInvite> {
    const invite = await this.emailInvite(token);
    const facts = await this.deps.boardService.factsOf(invite.boardId);
    if (!facts || facts.deletedAt) throw inviteGone();
    const [owner, inviter] = await Promise.all([this.deps.people.get(facts.ownerId), this.deps.people.get(invite.inviterId)]);
    return { board: presentInvitedBoard(facts, owner), inviter, expires_at: invite.expiresAt.toISOString() };
  }

  /**
   * BoardEmailInviteResource update. The link is the invitation: whoever holds it and is signed
   * in answers it, whatever address their account has (the mail may reach a shared inbox, or the
   * person may sign up with another address). One answer: it is gone afterwards.
   */
  async answerByToken(viewer: Viewer, token: string, accept: boolean): Promise<InviteAnswer> {
    const invite = await this.emailInvite(token);
    if (!accept) return this.decline(invite);
    return this.join(viewer, invite);
  }

  private async decline(invite: InviteDoc): Promise<InviteAnswer> {
    await this.deps.invites.remove(invite._id);
    return { board_id: invite.boardId, accepted: false, board: null };
  }

  private async join(viewer: Viewer, invite: InviteDoc): Promise<InviteAnswer> {
    const board = await this.deps.boards.findById(invite.boardId);
    if (!board || board.deletedAt) {
      await this.deps.invites.remove(invite._id);
      throw inviteGone();
    }
    if (board.ownerId === viewer.userId) throw appError('bad_request', { message: "This is your own board: there's nothing to join." });
    if (!board.collaboratorIds.includes(viewer.userId)) {
      if (board.collaboratorIds.length >= MAX_COLLABORATORS_PER_BOARD) {
        throw appError('conflict', { message: `This board already has ${MAX_COLLABORATORS_PER_BOARD} collaborators, as many as it can have.` });
      }
      if ((await this.deps.lists.entries(viewer.userId)).length >= MAX_BOARDS_PER_USER) {
        throw appError('bad_request', { message: `You can have at most ${MAX_BOARDS_PER_USER} boards. Leave or delete some to join this one.` });
      }
      const event = newEvent('pins-boards', 'pins.board.collaborator-added.v1', board._id, {
        boardId: board._id, ownerId: board.ownerId, collaboratorId: viewer.userId, actorId: viewer.userId, inviteId: invite._id,
      }, this.now());
      // Null when they were in already (two answers at once): the other stored the event.
      if (await this.deps.boards.update(board._id, {}, [event], { add: viewer.userId })) this.deps.kick({ collection: BOARDS_COLLECTION, id: board._id });
    }
    const now = await this.syncMembership(board._id, viewer.userId);
    await this.deps.invites.remove(invite._id);
    if (!now || now.deletedAt || !now.collaboratorIds.includes(viewer.userId)) throw inviteGone();
    return this.answered(viewer, now);
  }

  private async answered(viewer: Viewer, board: BoardDoc): Promise<InviteAnswer> {
    return { board_id: board._id, accepted: true, board: await this.deps.boardService.present(board, viewer) };
  }

  // ---- membership --------------------------------------------------------------------------

  /**
   * BoardCollaboratorResource delete: the owner removes a collaborator, or a collaborator leaves
   * (`user_id` is the viewer). Their pins stay on the board: they were saved there, and the
   * board's owner may delete them. Removing someone who is not (or no longer) a collaborator
   * changes nothing.
   */
  async remove(viewer: Viewer, boardId: string, userId: string): Promise<{ board_id: string; user_id: string }> {
    const board = await this.deps.boards.findById(boardId);
    authorize(viewer, userId === viewer.userId ? 'leave' : 'removeCollaborator', board, boardPolicy);
    if (board.collaboratorIds.includes(userId)) {
      const event = newEvent('pins-boards', 'pins.board.collaborator-removed.v1', boardId, {
        boardId, ownerId: board.ownerId, collaboratorId: userId, actorId: viewer.userId, inviteId: null,
      }, this.now());
      if (await this.deps.boards.update(boardId, {}, [event], { remove: userId })) this.deps.kick({ collection: BOARDS_COLLECTION, id: boardId });
    }
    await this.syncMembership(boardId, userId);
    return { board_id: boardId, user_id: userId };
  }

  /**
   * Brings one person's board list in line with the board as it is now: the board is listed for
   * them while they collaborate on it, and not otherwise; the owner's entry (and so every
   * member's) says whether it is collaborative. Idempotent: the requests and the events' handlers
   * both call it. Answers the board as it read it.
   */
  async syncMembership(boardId: string, userId: string): Promise<BoardDoc | null> {
    const board = await this.deps.boards.findById(boardId);
    const member = (b: BoardDoc | null): boolean => b !== null && !b.deletedAt && b.ownerId !== userId && b.collaboratorIds.includes(userId);
    if (board && member(board)) {
      const owner = await this.deps.people.get(board.ownerId);
      await this.deps.lists.put(userId, collaborativeEntry(board, { id: owner.id, username: owner.username }));
      // Removed meanwhile (the removal's list write came before this put): out again.
      const again = await this.deps.boards.findById(boardId);
      if (!member(again)) await this.deps.lists.remove(userId, boardId);
    } else if (!board || board.ownerId !== userId) {
      await this.deps.lists.remove(userId, boardId);
    }
    if (board && !board.deletedAt) await this.deps.lists.patch(board.ownerId, boardId, { collaborative: board.collaboratorIds.length > 0 });
    return board;
  }

  // ---- pending lists -----------------------------------------------------------------------

  /** BoardInvitesResource: the viewer's pending invitations (at most MAX_PENDING_INVITES_PER_PERSON, lapsed ones left out). */
  async pendingOfViewer(viewer: Viewer): Promise<InviteDoc[]> {
    return this.pendingFor(viewer.userId, this.now());
  }

  /** BoardInvitesResource with `board_id`: a board's pending invitations, for its owner. */
  async pendingOfBoard(viewer: Viewer, boardId: string): Promise<InviteDoc[]> {
    const facts = await this.deps.advertisers.withRole(viewer, await this.deps.boardService.factsOf(boardId));
    authorizeAdvertised(viewer, 'invite', facts);
    const now = this.now();
    return (await this.deps.invites.ofBoard(boardId)).filter((i) => !isLapsed(i, now));
  }

  /** A page of invitations as the web app shows them; those of a board deleted meanwhile are left out. */
  async present(invites: readonly InviteDoc[]): Promise<BoardInvite[]> {
    const shown = await Promise.all(
      invites.map(async (invite) => {
        const facts = await this.deps.boardService.factsOf(invite.boardId);
        if (!facts || facts.deletedAt) return null;
        const [owner, inviter, invitee] = await Promise.all([
          this.deps.people.get(facts.ownerId),
          this.deps.people.get(invite.inviterId),
          invite.inviteeId ? this.deps.people.get(invite.inviteeId) : Promise.resolve(null),
        ]);
        return presentInvite(invite, presentInvitedBoard(facts, owner), inviter, invitee);
      }),
    );
    return shown.filter((i): i is BoardInvite => i !== null);
  }
}
