import {
  BOARD_NAME_TAKEN,
  boardNameKey,
  MAX_BOARDS_PER_USER,
  type Board,
  type BoardCreateOptions,
  type BoardPicker,
  type BoardPrivacy,
  type EventEnvelope,
} from '@pinhive/contracts';
import { AppError, appError, authorize, JsonText, newEvent, type OutboxTarget, type ReadCache, type Viewer } from '@pinhive/kit';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';
import { advertisedBoardPrivacy } from '../advertisers/advertiser.rules';
import { newId } from '../shared/ids';
import type { People } from '../shared/people';
import { slugify } from '../shared/slug';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { BoardListEntry, BoardListRepository } from './board-list.repository';
import type { BoardNames } from './board-names.repository';
import { BOARDS_COLLECTION, boardFactsOf, type BoardDoc, type BoardFacts } from './board.model';
import { authorizeAdvertised, boardPolicy } from './board.policy';
import { listEntryOf, presentBoard, presentPickerBoard, type BoardFollowFacts } from './board.presenter';
import type { BoardRepository } from './board.repository';
import { byLastSaved, byPickerOrder, shortlist } from './board-order';

export interface BoardServiceDeps {
  boards: BoardRepository;
  lists: BoardListRepository;
  profiles: ProfileRepository;
  people: People;
  kick: (target: OutboxTarget) => void;
  /** The pickers' answers as JSON, per owner, until their board list changes (board-list.repository.ts). */
  pickers: ReadCache<JsonText>;
  /** Boards' facts (board.model.ts BoardFacts), until the board changes: every save and pin page checks them. */
  facts: ReadCache<BoardFacts>;
  /** A board's follower count and whether the viewer follows it (follows/follow.service.ts). */
  follows: (viewer: Viewer | undefined, boardId: string) => Promise<BoardFollowFacts>;
  /** Who may act for which advertiser (advertisers/). */
  advertisers: Pick<AdvertiserAccess, 'actingFor' | 'withRole'>;
  /** Each of a person's board names held by one board (board-names.repository.ts). */
  names: BoardNames;
}

/** 400 at the name field: the owner already has a board of that name (case and accents aside). */
const nameTaken = () => appError('bad_request', { message: BOARD_NAME_TAKEN, field: 'name' });

/** The picker's options, after validation. */
export interface PickerOptions {
  filter: 'all' | 'protected';
  shortlist_suggestions: number;
  advertiser_id?: string;
}

/**
 * How long a picker answer is kept at most: also how long a list change is missed when its
 * writer could not reach Redis (kit cache/read-cache.ts).
 */
export const PICKER_TTL_MS = 30_000;

export class BoardService {
  constructor(private readonly deps: BoardServiceDeps) {}

  private owner(viewer: Viewer) {
    return { id: viewer.userId, username: viewer.username };
  }

  /**
   * What the policy and a pin's presentation read of a board, when the viewer may `action` it
   * (404 to a viewer who may not see it, 403 to one who may see but not write): from memory
   * until the board changes, one stamp read in Redis instead of a store read.
   */
  async facts(viewer: Viewer | undefined, id: string, action: 'read' | 'write'): Promise<BoardFacts> {
    const facts = await this.factsOf(id);
    authorize(viewer, action, facts, boardPolicy);
    return facts;
  }

  /** A board's facts, for the caller's own policy check (a pin's); null when there is no such board. */
  async factsOf(id: string): Promise<BoardFacts | null> {
    // A missing board is not kept: its 404 is thrown through the cache and caught here.
    return this.deps.facts
      .read(id, 'facts', async () => {
        const board = await this.deps.boards.findById(id);
        if (!board) throw appError('not_found', { message: 'Board not found.' });
        return boardFactsOf(board);
      })
      .catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      });
  }

  /** The board, when the viewer may see it (404 otherwise, secret or missing alike). */
  async readable(viewer: Viewer | undefined, id: string): Promise<BoardDoc> {
    const board = await this.deps.boards.findById(id);
    authorize(viewer, 'read', board, boardPolicy);
    return board;
  }

  /** The board, when the viewer may save into it and change it. */
  async writable(viewer: Viewer, id: string): Promise<BoardDoc> {
    const board = await this.deps.boards.findById(id);
    authorize(viewer, 'write', board, boardPolicy);
    return board;
  }

  async present(board: BoardDoc, viewer: Viewer | undefined): Promise<Board> {
    const [owner, follows, collaborators] = await Promise.all([
      this.deps.people.get(board.ownerId),
      this.deps.follows(viewer, board._id),
      // At most MAX_COLLABORATORS_PER_BOARD, from the people kept in memory; a deactivated one (no username) is left out.
      Promise.all(board.collaboratorIds.map((id) => this.deps.people.get(id))).then((people) => people.filter((p) => p.username !== '')),
    ]);
    return { ...presentBoard(board, { id: owner.id, username: owner.username, full_name: owner.full_name }, viewer, follows), collaborating_users: collaborators };
  }

  /**
   * BoardResource create. With `advertiser_id` (section 6) the viewer must be able to act for
   * that advertiser (403 `advertiser_not_member`); the board is made for it, and protected when
   * they act on behalf of someone else's (advertiser.rules.ts).
   */
  async create(viewer: Viewer, options: Omit<BoardCreateOptions, 'privacy'> & { privacy: BoardPrivacy }): Promise<Board> {
    const role = await this.deps.advertisers.actingFor(viewer, options.advertiser_id);
    const privacy = role === null ? options.privacy : advertisedBoardPrivacy(role, options.privacy);
    const existing = await this.deps.lists.entries(viewer.userId);
    if (existing.length >= MAX_BOARDS_PER_USER) {
      throw appError('bad_request', { message: `You can have at most ${MAX_BOARDS_PER_USER} boards. Delete or merge some to make a new one.`, field: 'name' });
    }
    const now = new Date();
    const id = newId(now.getTime());
    await this.claimName({ ownerId: viewer.userId, boardId: id, name: options.name, listed: existing, now });
    const board: BoardDoc = {
      _id: id,
      ownerId: viewer.userId,
      name: options.name,
      slug: slugify(options.name, 'board'),
      ownerSlug: '',
      description: options.description?.trim() ?? '',
      privacy,
      advertiserId: options.advertiser_id ?? null,
      collaboratorIds: [],
      pinCount: 0,
      sectionCount: 0,
      pinSeq: 0,
      counted: [],
      savedKeysTo: 0,
      coverPinId: null,
      coverImageUrl: null,
      coverColor: null,
      hasCustomCover: false,
      createdAt: now,
      lastSavedAt: now,
      archivedAt: null,
      deletedAt: null,
    };
    let created: EventEnvelope[] = [];
    const stored = await this.deps.boards.create(board, (doc) => (created = [newEvent('pins-boards', 'pins.board.created.v1', id, {
      boardId: id, ownerId: viewer.userId, name: doc.name, privacy: doc.privacy, createdAt: now.toISOString(), slug: doc.slug, description: doc.description,
    }, now)])).catch(async (err: unknown) => {
      await this.deps.names.release(viewer.userId, options.name, id).catch(() => undefined);
      throw err;
    });
    this.deps.kick({ collection: BOARDS_COLLECTION, id, created });
    // The picker's list. A crash before this write is repaired from the board's event
    // (board.handlers.ts list-created-board); the board itself (and its page) is there.
    await this.deps.lists.put(viewer.userId, listEntryOf(stored));
    return presentBoard(stored, this.owner(viewer), viewer);
  }

  async get(viewer: Viewer | undefined, options: { board_id: string } | { username: string; slug: string }): Promise<Board> {
    if ('board_id' in options) return this.present(await this.readable(viewer, options.board_id), viewer);
    const owner = await this.deps.profiles.findByUsername(options.username.toLowerCase());
    const board = owner && !owner.deactivatedAt ? await this.deps.boards.findByOwnerSlug(owner._id, options.slug.toLowerCase()) : null;
    authorize(viewer, 'read', board, boardPolicy);
    return this.present(board, viewer);
  }

  async update(viewer: Viewer, options: { board_id: string; name?: string; description?: string; privacy?: BoardPrivacy }): Promise<Board> {
    const board = await this.writable(viewer, options.board_id);
    if (options.privacy !== undefined && options.privacy !== board.privacy) authorizeAdvertised(viewer, 'setPrivacy', await this.deps.advertisers.withRole(viewer, board));
    // A new name (not only its case or accents) is claimed among the owner's boards first; the old one is given back after.
    const renamed = options.name !== undefined && boardNameKey(options.name) !== boardNameKey(board.name) ? options.name : undefined;
    if (renamed !== undefined) await this.claimName({ ownerId: board.ownerId, boardId: board._id, name: renamed, listed: await this.deps.lists.entries(board.ownerId) });
    const set = {
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.description !== undefined ? { description: options.description.trim() } : {}),
      ...(options.privacy !== undefined ? { privacy: options.privacy } : {}),
    };
    // A privacy change is an event (feeds drop a board made secret, its owner's followers follow
    // one made public), stored in the board's own write.
    const newPrivacy = options.privacy !== board.privacy ? options.privacy : undefined;
    const events: EventEnvelope[] = newPrivacy ? [newEvent('pins-boards', 'pins.board.privacy-changed.v1', board._id, { boardId: board._id, ownerId: board.ownerId, privacy: newPrivacy })] : [];
    // Any change of what search shows of the board, as the whole snapshot (read models keep the newest).
    const changed = changedFields(board, set);
    if (changed.length > 0) {
      const after = { ...board, ...set };
      events.push(newEvent('pins-boards', 'pins.board.changed.v1', board._id, { boardId: board._id, ownerId: board.ownerId, name: after.name, slug: board.slug, description: after.description, privacy: after.privacy, changed }));
    }
    const updated = Object.keys(set).length > 0
      ? await this.deps.boards.update(board._id, set, events).catch(async (err: unknown) => {
        if (renamed !== undefined) await this.deps.names.release(board.ownerId, renamed, board._id).catch(() => undefined);
        throw err;
      })
      : board;
    if (renamed !== undefined) await this.deps.names.release(board.ownerId, board.name, board._id);
    if (events.length > 0) this.deps.kick({ collection: BOARDS_COLLECTION, id: board._id });
    authorize(viewer, 'read', updated, boardPolicy);
    await this.deps.lists.patch(updated.ownerId, updated._id, { name: updated.name, privacy: updated.privacy });
    return this.present(updated, viewer);
  }

  /**
   * Claims a name for a board (being made, or renamed) among its owner's own boards, or 400: unique
   * among those listed (made before names were claimed), then the claim, which a second creation
   * of the name at the same moment cannot pass.
   */
  private async claimName(c: { ownerId: string; boardId: string; name: string; listed: readonly BoardListEntry[]; now?: Date }): Promise<void> {
    const key = boardNameKey(c.name);
    if (c.listed.some((e) => !e.owner && e.id !== c.boardId && boardNameKey(e.name) === key)) throw nameTaken();
    if (!(await this.deps.names.claim(c.ownerId, c.name, c.boardId, c.now))) throw nameTaken();
  }

  async archive(viewer: Viewer, boardId: string, archived: boolean): Promise<Board> {
    const board = await this.deps.boards.findById(boardId);
    authorize(viewer, 'delete', board, boardPolicy);
    const updated = await this.deps.boards.update(boardId, { archivedAt: archived ? new Date() : null });
    authorize(viewer, 'read', updated, boardPolicy);
    await this.deps.lists.patch(updated.ownerId, boardId, { archived });
    return this.present(updated, viewer);
  }

  /**
   * Deletes a board: it answers 404 from now on and leaves the owner's lists; its
   * `pins.board.deleted.v1` (in the same write) has its pins and sections deleted after it.
   */
  async remove(viewer: Viewer, boardId: string): Promise<{ id: string }> {
    const board = await this.deps.boards.findById(boardId);
    authorize(viewer, 'delete', board, boardPolicy);
    const now = new Date();
    const event = newEvent('pins-boards', 'pins.board.deleted.v1', boardId, { boardId, ownerId: board.ownerId }, now);
    await this.deps.boards.update(boardId, { deletedAt: now }, [event]);
    this.deps.kick({ collection: BOARDS_COLLECTION, id: boardId });
    await this.deps.lists.remove(board.ownerId, boardId);
    // Its name is free again (a claim left by a crash here is taken over: it names a deleted board).
    await this.deps.names.release(board.ownerId, board.name, boardId);
    return { id: boardId };
  }

  /**
   * BoardPickerBoardsResource: the boards the viewer may save into (their own, not archived;
   * only protected ones with `filter: protected`), ordered for the picker, and the shortlist.
   * With `advertiser_id` (acting for an advertiser, section 6), only the boards made for it, and
   * only if the viewer may act for it (403 `advertiser_not_member`).
   */
  async picker(viewer: Viewer, options: PickerOptions): Promise<JsonText> {
    // Checked on every read: the kept answers follow the owner's list, not the advertiser's people.
    await this.deps.advertisers.actingFor(viewer, options.advertiser_id);
    // Read on every save, by its owner only: kept as JSON until the owner's list changes.
    const variant = `${options.filter}|${options.shortlist_suggestions}|${options.advertiser_id ?? ''}`;
    return this.deps.pickers.read(viewer.userId, variant, async () => new JsonText(JSON.stringify(await this.pickerOf(viewer, options))));
  }

  /** The picker's answer from the owner's list (uncached: BoardPickerBoardsShortlistResource). */
  async pickerBoards(viewer: Viewer, options: PickerOptions): Promise<BoardPicker> {
    await this.deps.advertisers.actingFor(viewer, options.advertiser_id);
    return this.pickerOf(viewer, options);
  }

  private async pickerOf(viewer: Viewer, options: PickerOptions): Promise<BoardPicker> {
    const forAdvertiser = (e: BoardListEntry) => options.advertiser_id === undefined || e.advertiserId === options.advertiser_id;
    const entries = (await this.deps.lists.entries(viewer.userId)).filter((e) => !e.archived && (options.filter === 'all' || e.privacy === 'protected') && forAdvertiser(e));
    const owner = this.owner(viewer);
    return {
      all_boards: byPickerOrder(entries).map((e) => presentPickerBoard(e, owner, viewer)),
      boards_shortlist: shortlist(entries, options.shortlist_suggestions).map((e) => presentPickerBoard(e, owner, viewer)),
    };
  }

  /**
   * BoardsResource: a profile's boards, most recently saved to first. Others see public boards;
   * the owner also sees secret and protected ones ("Protected board (not listed on user's
   * profile)") and archived ones, last.
   */
  async ofUser(viewer: Viewer | undefined, username: string): Promise<{ entries: ReturnType<typeof byLastSaved>; owner: { id: string; username: string } }> {
    const profile = await this.deps.profiles.findByUsername(username.toLowerCase());
    if (!profile || profile.deactivatedAt) throw appError('not_found', { message: 'User not found.' });
    const own = viewer?.userId === profile._id;
    const entries = (await this.deps.lists.entries(profile._id)).filter((e) => own || (e.privacy === 'public' && !e.archived));
    const ordered = byLastSaved(entries);
    return { entries: [...ordered.filter((e) => !e.archived), ...ordered.filter((e) => e.archived)], owner: { id: profile._id, username: profile.username } };
  }
}

/** Which of the fields search shows an update changes. */
function changedFields(board: BoardDoc, set: Partial<Pick<BoardDoc, 'name' | 'description' | 'privacy'>>): ('name' | 'description' | 'privacy')[] {
  return (['name', 'description', 'privacy'] as const).filter((f) => set[f] !== undefined && set[f] !== board[f]);
}
