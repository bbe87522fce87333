import { MAX_SECTIONS_PER_BOARD, type Section } from '@pinhive/contracts';
import { appError, authorize, type Viewer } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import { boardPolicy } from '../boards/board.policy';
import type { BoardRepository } from '../boards/board.repository';
import type { BoardService } from '../boards/board.service';
import type { MoveService } from '../moves/move.service';
import { newId } from '../shared/ids';
import { slugify } from '../shared/slug';
import type { SectionDoc } from './section.model';
import { presentSection } from './section.presenter';
import type { SectionRepository } from './section.repository';

export interface SectionServiceDeps {
  sections: SectionRepository;
  boards: BoardRepository;
  boardService: BoardService;
  lists: BoardListRepository;
  /** Section changes hold their board (one board action at a time); `initial_pins` move in as a move. */
  moves: Pick<MoveService, 'intoNewSection' | 'holding'>;
}

const sectionNotFound = () => appError('not_found', { message: 'Section not found.' });

/** Board sections: they belong to a board, and its policy decides who sees and changes them. */
export class SectionService {
  constructor(private readonly deps: SectionServiceDeps) {}

  /** A section and its board, when the viewer may read the board (404 for both otherwise). */
  private async readable(viewer: Viewer | undefined, sectionId: string) {
    const section = await this.deps.sections.findById(sectionId);
    if (!section) throw sectionNotFound();
    const board = await this.deps.boards.findById(section.boardId);
    if (!board || !boardPolicy.rules.read(viewer, board)) throw sectionNotFound();
    return { section, board };
  }

  /** The section, when the viewer may save into its board. */
  async writable(viewer: Viewer, sectionId: string, boardId?: string): Promise<SectionDoc> {
    const { section, board } = await this.readable(viewer, sectionId);
    if (boardId !== undefined && section.boardId !== boardId) throw appError('bad_request', { message: 'This section is not on that board.', field: 'section' });
    authorize(viewer, 'write', board, boardPolicy);
    return section;
  }

  async get(viewer: Viewer | undefined, options: { section_id: string } | { board_id: string; slug: string }): Promise<Section> {
    if ('section_id' in options) return presentSection((await this.readable(viewer, options.section_id)).section);
    await this.deps.boardService.readable(viewer, options.board_id);
    const section = await this.deps.sections.findBySlug(options.board_id, options.slug.toLowerCase());
    if (!section) throw sectionNotFound();
    return presentSection(section);
  }

  /** BoardSectionsRepinResource: a board's sections (the picker's section step). */
  async ofBoard(viewer: Viewer | undefined, boardId: string): Promise<Section[]> {
    await this.deps.boardService.readable(viewer, boardId);
    return (await this.deps.sections.ofBoard(boardId)).map(presentSection);
  }

  /**
   * Creates a section; `initial_pins` (pins of the board) are moved into it, as a move that holds
   * the board (a section change: other moves and section changes of the board answer busy
   * meanwhile) with exact counts for the sections they leave. A plain create holds nothing: it
   * moves no pin. The board's section count is recounted from its sections (exact, may run again).
   */
  async create(viewer: Viewer, options: { board_id: string; name: string; name_source: 0 | 1 | 2; initial_pins: string[] }): Promise<Section> {
    const board = await this.deps.boardService.writable(viewer, options.board_id);
    if ((await this.deps.sections.countOfBoard(board._id)) >= MAX_SECTIONS_PER_BOARD) {
      throw appError('bad_request', { message: `A board can have at most ${MAX_SECTIONS_PER_BOARD} sections.`, field: 'name' });
    }
    const now = new Date();
    const make = () =>
      this.deps.sections.create({
        _id: newId(now.getTime()),
        boardId: board._id,
        title: options.name,
        slug: slugify(options.name, 'section'),
        boardSlug: '',
        nameSource: options.name_source,
        pinCount: 0,
        pinSeq: 0,
        counted: [],
        previewPins: [],
        createdAt: now,
      });
    const section = options.initial_pins.length > 0 ? await this.deps.moves.intoNewSection(viewer, board, options.initial_pins, make) : await make();
    await this.syncSectionCount(board._id, board.ownerId);
    return presentSection(section);
  }

  async rename(viewer: Viewer, sectionId: string, name: string): Promise<Section> {
    await this.writable(viewer, sectionId);
    const renamed = await this.deps.sections.rename(sectionId, name, slugify(name, 'section'));
    if (!renamed) throw sectionNotFound();
    return presentSection(renamed);
  }

  /** Deletes a section; its pins stay on the board. */
  async remove(viewer: Viewer, sectionId: string): Promise<{ id: string }> {
    const section = await this.writable(viewer, sectionId);
    // Not while pins move into or out of it (the board is held).
    await this.deps.moves.holding(section.boardId, () => this.deps.sections.remove(sectionId, section.boardId));
    const board = await this.deps.boards.findById(section.boardId);
    if (board) await this.syncSectionCount(board._id, board.ownerId);
    return { id: sectionId };
  }

  private async syncSectionCount(boardId: string, ownerId: string): Promise<void> {
    const count = await this.deps.sections.countOfBoard(boardId);
    await this.deps.boards.setSectionCount(boardId, count);
    await this.deps.lists.patch(ownerId, boardId, { sectionCount: count });
  }
}
