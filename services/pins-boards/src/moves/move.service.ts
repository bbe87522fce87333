import {
  MOVE_SAME_PLACE_MESSAGE,
  type BoardActionKind,
  type BoardPrivacy,
  type MoveResult,
} from '@pinhive/contracts';
import { appError, authorize, type Logger, type Viewer } from '@pinhive/kit';
import type { BoardFacts } from '../boards/board.model';
import { boardPolicy } from '../boards/board.policy';
import type { BoardRepository } from '../boards/board.repository';
import type { BoardService } from '../boards/board.service';
import type { PinDoc } from '../pins/pin.model';
import type { SectionDoc } from '../sections/section.model';
import type { SectionRepository } from '../sections/section.repository';
import { newId } from '../shared/ids';
import type { BoardLeaseRepository, Lease } from './board-lease.repository';
import { boardBusy } from './lease-rules';
import { firstBucket, numbersNeeded, samePlace } from './move-plan';
import type { MoveRunner } from './move-runner';
import type { MovedPinsRepository } from './moved-pins.repository';
import type { MoveRepository } from './move.repository';
import { LEASE_RENEW_MS, MOVE_ANSWER_WITHIN_MS, type MoveDoc, type MoveSource, type Place } from './move.model';

export interface MoveServiceDeps {
  moves: MoveRepository;
  leases: BoardLeaseRepository;
  runner: MoveRunner;
  movedPins: MovedPinsRepository;
  boards: BoardRepository;
  sections: SectionRepository;
  boardService: BoardService;
  logger: Logger;
  answerWithinMs?: number;
  renewEveryMs?: number;
}

/** A move as the calls ask for it, before its boards are held. */
interface MoveRequest {
  kind: MoveDoc['kind'];
  actorId: string;
  to: Place;
  toPrivacy: BoardPrivacy;
  /** Every board the move touches: held, in id order, for the whole move. */
  boards: string[];
  /** A select-all's `top` is read once its boards are held. */
  source: MoveSource | Omit<Extract<MoveSource, { kind: 'selectAll' }>, 'top'>;
}

const sectionNotFound = () => appError('not_found', { message: 'Section not found.' });
const samePlaceRefused = (field: string) => appError('bad_request', { message: MOVE_SAME_PLACE_MESSAGE, field });

/** `p`'s outcome if it settles within `ms`, else undefined (p goes on). */
async function within<T>(p: Promise<T>, ms: number): Promise<{ value: T } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([p.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Moving pins (BoardSectionEditResource, BoardSectionPinsResource delete, BulkEditResource,
 * BulkEditSelectAllResource) and holding boards for section changes. One action at a time per
 * board: every board a move touches is held (a lease in the store) from before its first write
 * to its end, and anything else that needs the board meanwhile answers `board_busy` with the
 * code of what runs. A move answers when it is done, or 202 after MOVE_ANSWER_WITHIN_MS and
 * goes on; a move whose process died is finished by the sweep, or by the next action that wants
 * one of its boards.
 */
export class MoveService {
  /** Moves this process runs or resumes: one runner per move here. */
  private readonly active = new Map<string, Promise<MoveDoc | null>>();
  private closing = false;

  constructor(private readonly deps: MoveServiceDeps) {}

  private get answerWithinMs() {
    return this.deps.answerWithinMs ?? MOVE_ANSWER_WITHIN_MS;
  }

  /** Stops starting batches (the service is closing): unfinished moves are resumed by another process, or this one's next start. */
  close(): void {
    this.closing = true;
  }

  get stopping(): boolean {
    return this.closing;
  }

  /** The acting-as subject: accepted only as the viewer's own (acting for another account is not built). */
  private refuseActingAs(viewer: Viewer, subjectId: string | undefined): void {
    if (subjectId !== undefined && subjectId !== viewer.userId) {
      throw appError('forbidden', { message: "You can't act for this account.", field: 'orbac_subject_id' });
    }
  }

  /** A section and its board's facts, when the viewer may write to that board (404 for a section they may not see). */
  private async writableSection(viewer: Viewer, sectionId: string, boardId?: string): Promise<{ section: SectionDoc; board: BoardFacts }> {
    const section = await this.deps.sections.findById(sectionId);
    if (!section) throw sectionNotFound();
    const board = await this.deps.boardService.factsOf(section.boardId);
    if (!board || !boardPolicy.rules.read(viewer, board)) throw sectionNotFound();
    if (boardId !== undefined && section.boardId !== boardId) throw appError('bad_request', { message: 'This section is not on that board.', field: 'section_id' });
    authorize(viewer, 'write', board, boardPolicy);
    return { section, board };
  }

  /** The live pins of a list that are on a board the viewer may write to; 404/403 (the board's policy) when one is not. */
  private async listedPins(viewer: Viewer, pinIds: readonly string[]): Promise<{ found: PinDoc[]; boards: string[] }> {
    const found = (await this.deps.movedPins.byIds(pinIds)).filter((p): p is PinDoc => p !== null && !p.deletedAt);
    const boards = [...new Set(found.map((p) => p.boardId))];
    for (const boardId of boards) await this.deps.boardService.facts(viewer, boardId, 'write');
    return { found, boards };
  }

  /** BoardSectionEditResource update: pins of the section's board go into the section. */
  async intoSection(viewer: Viewer, options: { section_id: string; pins: string[]; orbac_subject_id?: string }): Promise<MoveResult> {
    this.refuseActingAs(viewer, options.orbac_subject_id);
    const { section, board } = await this.writableSection(viewer, options.section_id);
    const pinIds = [...new Set(options.pins)];
    const { found } = await this.listedPins(viewer, pinIds);
    const onBoard = found.filter((p) => p.boardId === board._id);
    if (onBoard.length > 0 && onBoard.every((p) => p.sectionId === section._id)) throw samePlaceRefused('section_id');
    return this.start({
      kind: 'moving', actorId: viewer.userId, to: { boardId: board._id, sectionId: section._id }, toPrivacy: board.privacy, boards: [board._id],
      source: { kind: 'list', pinIds, fromBoards: [board._id], onlySectionId: null },
    });
  }

  /** BoardSectionPinsResource delete: pins of the section go back to its board's root. */
  async outOfSection(viewer: Viewer, options: { section_id: string; pins: string[]; orbac_subject_id?: string }): Promise<MoveResult> {
    this.refuseActingAs(viewer, options.orbac_subject_id);
    const { section, board } = await this.writableSection(viewer, options.section_id);
    return this.start({
      kind: 'moving', actorId: viewer.userId, to: { boardId: board._id, sectionId: null }, toPrivacy: board.privacy, boards: [board._id],
      source: { kind: 'list', pinIds: [...new Set(options.pins)], fromBoards: [board._id], onlySectionId: section._id },
    });
  }

  /** BulkEditResource update: the listed pins, from wherever they are (boards the viewer may write to), to a board or one of its sections. */
  async bulkEdit(viewer: Viewer, options: { board_id: string; section_id?: string | null; pin_ids: string[]; orbac_subject_id?: string }): Promise<MoveResult> {
    this.refuseActingAs(viewer, options.orbac_subject_id);
    const target = await this.deps.boardService.facts(viewer, options.board_id, 'write');
    const sectionId = options.section_id ?? null;
    if (sectionId !== null) await this.writableSection(viewer, sectionId, target._id);
    const to = { boardId: target._id, sectionId };
    const pinIds = [...new Set(options.pin_ids)];
    const { found, boards } = await this.listedPins(viewer, pinIds);
    if (found.length > 0 && found.every((p) => samePlace(p, to))) throw samePlaceRefused('board_id');
    return this.start({
      kind: 'moving', actorId: viewer.userId, to, toPrivacy: target.privacy, boards: [target._id, ...boards],
      source: { kind: 'list', pinIds, fromBoards: boards, onlySectionId: null },
    });
  }

  /** BulkEditSelectAllResource update: every pin of a board (or section) but the listed ones, to another board or section. */
  async selectAll(
    viewer: Viewer,
    options: { board_id: string; new_board_id: string; old_section_id?: string | null; new_section_id?: string | null; pin_ids: string[]; orbac_subject_id?: string },
  ): Promise<MoveResult> {
    this.refuseActingAs(viewer, options.orbac_subject_id);
    const from = { boardId: options.board_id, sectionId: options.old_section_id ?? null };
    const to = { boardId: options.new_board_id, sectionId: options.new_section_id ?? null };
    if (samePlace(from, to)) throw samePlaceRefused('new_board_id');
    await this.deps.boardService.facts(viewer, from.boardId, 'write');
    const target = await this.deps.boardService.facts(viewer, to.boardId, 'write');
    if (from.sectionId !== null) await this.writableSection(viewer, from.sectionId, from.boardId);
    if (to.sectionId !== null) await this.writableSection(viewer, to.sectionId, to.boardId);
    return this.start({
      kind: 'selectAll', actorId: viewer.userId, to, toPrivacy: target.privacy, boards: [from.boardId, to.boardId],
      source: { kind: 'selectAll', boardId: from.boardId, sectionId: from.sectionId, except: [...new Set(options.pin_ids)] },
    });
  }

  /**
   * BoardSectionResource create with `initial_pins`: the board is held (as a section change)
   * while the section is made and the pins are moved into it, as a move of its own (exact
   * counts for the sections they leave too). Answers the section as it is then.
   */
  async intoNewSection(viewer: Viewer, board: BoardFacts, pinIds: readonly string[], create: () => Promise<SectionDoc>): Promise<SectionDoc> {
    const unique = [...new Set(pinIds)];
    const moveId = newId();
    const leases = await this.acquire([board._id], 'sectionChange', moveId);
    let section: SectionDoc;
    let move: MoveDoc;
    try {
      section = await create();
      move = await this.newMove(moveId, {
        kind: 'sectionChange', actorId: viewer.userId, to: { boardId: board._id, sectionId: section._id }, toPrivacy: board.privacy, boards: [board._id],
        source: { kind: 'list', pinIds: unique, fromBoards: [board._id], onlySectionId: null },
      });
    } catch (err) {
      await this.deps.leases.releaseAll(leases);
      throw err;
    }
    await within(this.track(move._id, () => this.deps.runner.run(move._id, leases)), this.answerWithinMs);
    return (await this.deps.sections.findById(section._id)) ?? section;
  }

  /** Runs `change` while holding a board as a section change (a section deleted): busy while another action holds it. */
  async holding<T>(boardId: string, change: () => Promise<T>): Promise<T> {
    const leases = await this.acquire([boardId], 'sectionChange', null);
    const heartbeat = setInterval(() => {
      for (const lease of leases) void this.deps.leases.renew(lease).catch(() => undefined);
    }, this.deps.renewEveryMs ?? LEASE_RENEW_MS);
    heartbeat.unref();
    try {
      return await change();
    } finally {
      clearInterval(heartbeat);
      await this.deps.leases.releaseAll(leases);
    }
  }

  /**
   * Holds the boards for a new action. A board held by a move whose process died is finished
   * first (here, within the answer's time; else the caller hears busy and the move goes on).
   */
  private async acquire(boardIds: readonly string[], kind: BoardActionKind, moveId: string | null): Promise<Lease[]> {
    for (let attempt = 0; ; attempt++) {
      const got = await this.deps.leases.takeAll(boardIds, kind, moveId);
      if ('leases' in got) return got.leases;
      const { holder, finishFirst } = got.refused;
      if (!finishFirst || holder.moveId === null || attempt > 0) throw boardBusy(holder);
      const finished = await within(this.resume(holder.moveId), this.answerWithinMs);
      if (!finished?.value) throw boardBusy(holder);
    }
  }

  /** Stores a move whose boards are held: numbers reserved on the target first (one `$inc` each). */
  private async newMove(moveId: string, request: MoveRequest): Promise<MoveDoc> {
    const { to } = request;
    let source: MoveSource;
    if (request.source.kind === 'selectAll') {
      // The top when the move starts: pins saved from now on stay where they are.
      const s = request.source;
      // A section numbers its pins itself; a board by its counter (BoardRepository.topPinNumber).
      const top = s.sectionId
        ? ((await this.deps.sections.findById(s.sectionId))?.pinSeq ?? 0)
        : await this.deps.boards.findById(s.boardId).then((board) => (board ? this.deps.boards.topPinNumber(board) : 0));
      source = { ...s, top };
    } else {
      source = request.source;
    }
    const n = numbersNeeded(source);
    const crossBoard = source.kind === 'list' ? source.fromBoards.some((b) => b !== to.boardId) : source.boardId !== to.boardId;
    const seqBase = crossBoard && n > 0 ? await this.deps.boards.reservePinNumbers(to.boardId, n) : null;
    const sectionSeqBase = to.sectionId !== null && n > 0 ? await this.deps.sections.reservePinNumbers(to.sectionId, n) : null;
    const move: MoveDoc = {
      _id: moveId,
      kind: request.kind,
      actorId: request.actorId,
      boards: [...new Set(request.boards)].sort(),
      to,
      toPrivacy: request.toPrivacy,
      source,
      seqBase,
      sectionSeqBase,
      cursor: source.kind === 'list' ? 0 : firstBucket(source.top),
      next: 0,
      batch: null,
      inFlight: null,
      moved: 0,
      coverSet: false,
      running: true,
      createdAt: new Date(),
      finishedAt: null,
    };
    await this.deps.moves.insert(move);
    return move;
  }

  /** Holds the boards, stores the move and runs it: its answer when done within the answer's time, else `running`. */
  private async start(request: MoveRequest): Promise<MoveResult> {
    const moveId = newId();
    const leases = await this.acquire(request.boards, request.kind, moveId);
    let move: MoveDoc;
    try {
      move = await this.newMove(moveId, request);
    } catch (err) {
      await this.deps.leases.releaseAll(leases);
      throw err;
    }
    const run = this.track(moveId, () => this.deps.runner.run(moveId, leases));
    const done = await within(run, this.answerWithinMs);
    if (done?.value) return { move_id: move._id, status: 'done', moved: done.value.moved };
    return { move_id: move._id, status: 'running' };
  }

  /**
   * Finishes a move whose process died (or goes on with one this process stopped): its boards
   * are taken over once their leases expired, and its recorded batch is written again first.
   * Answers whether it is finished (false: another runner holds it, or it stopped again).
   */
  resume(moveId: string): Promise<boolean> {
    const running = this.active.get(moveId);
    if (running) return running.then((m) => m !== null);
    return this.track(moveId, async () => {
      const move = await this.deps.moves.findById(moveId);
      if (!move?.running) return move;
      const got = await this.deps.leases.takeAll(move.boards, move.kind, moveId);
      if ('refused' in got) return null;
      this.deps.logger.info({ moveId, batch: move.next }, 'resuming a move whose process stopped');
      return this.deps.runner.run(moveId, got.leases);
    }).then((m) => m !== null);
  }

  /** The sweep: every unfinished move no runner holds any more is resumed (each instance runs it; the leases decide who). */
  async sweep(): Promise<number> {
    if (this.closing) return 0;
    let resumed = 0;
    for (const move of await this.deps.moves.unfinishedMoves()) {
      if (this.active.has(move._id)) continue;
      resumed += 1;
      this.resume(move._id).catch((err: unknown) => this.deps.logger.warn({ err, moveId: move._id }, 'resuming a move failed; the next sweep tries again'));
    }
    return resumed;
  }

  /** Runs a move here once at a time; failures are logged (its leases expire and it is resumed). */
  private track(moveId: string, run: () => Promise<MoveDoc | null>): Promise<MoveDoc | null> {
    const p = run()
      .catch((err: unknown) => {
        this.deps.logger.warn({ err, moveId }, 'a move stopped on an error; it is resumed once its leases expire');
        throw err;
      })
      .finally(() => this.active.delete(moveId));
    this.active.set(moveId, p);
    // Answered in time or not, a failure is logged above and must not be unhandled.
    p.catch(() => undefined);
    return p;
  }
}
