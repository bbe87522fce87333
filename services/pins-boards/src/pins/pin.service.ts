import {
  BOARD_TITLE_SUGGESTIONS_MAX,
  SAME_PICTURE_MAX_DISTANCE,
  savedMethod,
  type Pin,
  type PinMethod,
  type SavedPin,
  type SavedPinCheck,
} from '@pinhive/contracts';
import { AppError, appError, authorize, newEvent, type OutboxTarget, type ReadCache, type Viewer } from '@pinhive/kit';
import type { BoardRepository } from '../boards/board.repository';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';
import type { BoardService } from '../boards/board.service';
import type { BoardFacts } from '../boards/board.model';
import { boardPolicy } from '../boards/board.policy';
import type { ImageDoc } from '../images/image.model';
import type { SectionDoc } from '../sections/section.model';
import type { ImageService } from '../images/image.service';
import type { SectionRepository } from '../sections/section.repository';
import type { SectionService } from '../sections/section.service';
import { newId } from '../shared/ids';
import type { People } from '../shared/people';
import { bucketKey, pinnerImageKey, PINS_COLLECTION, type PinDoc, type PinImage } from './pin.model';
import { pinPolicy, type PinSubject } from './pin.policy';
import { presentPin } from './pin.presenter';
import { boardNameSuggestions } from './board-name-suggestions';
import type { PinRepository } from './pin.repository';

export interface PinServiceDeps {
  pins: PinRepository;
  boards: BoardRepository;
  boardService: BoardService;
  sections: SectionRepository;
  sectionService: SectionService;
  people: People;
  images: Pick<ImageService, 'storeFromBase64' | 'storeFromUrl' | 'urlsFor' | 'knownImageId' | 'nearImages'>;
  kick: (target: OutboxTarget) => void;
  /** Pins by id until they change (PinRepository marks them): every repin and pin page reads one. */
  kept: ReadCache<PinDoc>;
  /** Who may act for which advertiser (advertisers/): a save with `advertiser_id` needs it. */
  advertisers: Pick<AdvertiserAccess, 'actingFor'>;
  /** Names of boards the viewer may see that hold pins like this text (the search index), most common first. */
  similarBoardNames: (viewer: Viewer | undefined, pinId: string, text: string, limit: number) => Promise<string[]>;
  /** The names of the person's own boards (their board list: one read by key). */
  ownBoardNames: (userId: string) => Promise<string[]>;
}

/** The options of a save (PinResource create), after validation. */
export interface SaveOptions {
  board_id: string;
  section?: string;
  section_id?: string;
  description?: string;
  title?: string;
  link?: string;
  image_url?: string;
  image_base64?: string;
  method?: PinMethod;
  guid?: string;
  color?: string;
  share_facebook?: boolean;
  share_twitter?: boolean;
  advertiser_id?: string;
}

/**
 * The most images of the same picture (other bytes) the already-saved check looks among for the
 * viewer's pin, nearest first: one indexed key read each (docs/decisions/picture-similarity.md).
 */
export const SAVED_CHECK_NEAR_IMAGES = 10;

const pinNotFound = () => appError('not_found', { message: 'Pin not found.' });

/** A link as a pin keeps it: http(s) only (anything else is dropped, never shown as a link). */
function cleanLink(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export class PinService {
  constructor(private readonly deps: PinServiceDeps) {}

  private pinImage(image: ImageDoc): PinImage {
    const urls = this.deps.images.urlsFor(image);
    return { id: image._id, '236x': urls['236x'], orig: urls.orig, dominantColor: image.dominantColor };
  }

  /** A pin with its board, when the viewer may see it (404 for a secret board's pins). */
  private async readable(viewer: Viewer | undefined, pinId: string) {
    // A missing or deleted pin is not kept: its 404 goes through the cache.
    const pin = await this.deps.kept.read(pinId, 'pin', async () => {
      const found = await this.deps.pins.findById(pinId);
      if (!found) throw pinNotFound();
      return found;
    });
    const board = await this.deps.boardService.factsOf(pin.boardId);
    if (!board) throw pinNotFound();
    authorize(viewer, 'read', { pinnerId: pin.pinnerId, board }, pinPolicy);
    return { pin, board };
  }

  /**
   * A pin; with `savedCheck` (`GET /v3/pins/{id}/`, the save flow's already-saved check) also
   * the viewer's own board holding its image, read from the store each time.
   */
  async get(viewer: Viewer | undefined, pinId: string, opts: { savedCheck?: boolean } = {}): Promise<Pin> {
    const { pin, board } = await this.readable(viewer, pinId);
    const [section, savedTo] = await Promise.all([
      pin.sectionId ? this.deps.sections.findById(pin.sectionId) : null,
      opts.savedCheck && viewer ? this.savedTo(viewer, pin.image.id) : null,
    ]);
    return presentPin(pin, board, section, this.deps.people, viewer, savedTo);
  }

  /** A pin's link when the viewer may see the pin (404 otherwise): the creator card's site (claims/). */
  async linkOf(viewer: Viewer | undefined, pinId: string): Promise<string | null> {
    return (await this.readable(viewer, pinId)).pin.link;
  }

  /** A pin's policy subject (its pinner and board) when the viewer may see it, 404 otherwise: a send asks it for its recipient too. */
  async subjectFor(viewer: Viewer, pinId: string): Promise<PinSubject> {
    const { pin, board } = await this.readable(viewer, pinId);
    return { pinnerId: pin.pinnerId, board };
  }

  /** Whether the viewer may see a pin now (lists that leave out pins deleted or hidden since they were listed). */
  async isReadable(viewer: Viewer, pinId: string): Promise<boolean> {
    return (await this.unlessHidden(() => this.readable(viewer, pinId))) !== null;
  }

  /** A pin as the viewer sees it, or null when it is gone or hidden from them (its 404). */
  async getUnlessHidden(viewer: Viewer | undefined, pinId: string): Promise<Pin | null> {
    return this.unlessHidden(() => this.get(viewer, pinId));
  }

  private async unlessHidden<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  /** SavedPinCheckResource: the viewer's pin of the image a link gave before (the bookmarklet saving the same image again). */
  async savedCheck(viewer: Viewer, imageUrl: string): Promise<SavedPinCheck> {
    const imageId = await this.deps.images.knownImageId(imageUrl);
    const copy = imageId ? await this.savedCopyOf(viewer, imageId) : null;
    return { pin_id: copy?.pin._id ?? null, pinned_to_board: copy?.board ?? null };
  }

  private async savedTo(viewer: Viewer, imageId: string): Promise<Pin['pinned_to_board']> {
    return (await this.savedCopyOf(viewer, imageId))?.board ?? null;
  }

  /**
   * The viewer's live pin of an image, or of the same picture stored from other bytes (another
   * link, re-encoded, resized: within SAME_PICTURE_MAX_DISTANCE), nearest first, and its board.
   */
  private async savedCopyOf(viewer: Viewer, imageId: string) {
    const exact = await this.savedCopyOfImage(viewer, imageId);
    if (exact) return exact;
    const near = (await this.deps.images.nearImages(imageId, SAME_PICTURE_MAX_DISTANCE)).slice(0, SAVED_CHECK_NEAR_IMAGES);
    const copies = await Promise.all(near.map((image) => this.savedCopyOfImage(viewer, image.id)));
    return copies.find((copy) => copy !== null) ?? null;
  }

  /** The viewer's live pin of an image and its board, when that board is still theirs to see. */
  private async savedCopyOfImage(viewer: Viewer, imageId: string) {
    const pin = await this.deps.pins.savedCopy(viewer.userId, imageId);
    const board = pin ? await this.deps.boardService.factsOf(pin.boardId) : null;
    if (!pin || !board || !boardPolicy.rules.read(viewer, board)) return null;
    return { pin, board: { id: board._id, name: board.name, layout: 'default' as const } };
  }

  /**
   * PinResource create: a new pin from an image link or upload, saved onto a board (and a
   * section of it) the viewer may write to. The pin, with its `pins.pin.saved.v1` event, is one
   * write and the source of truth: the board's and section's counters and cover follow from the
   * event (pin.handlers.ts), exactly once each.
   */
  async save(viewer: Viewer, options: SaveOptions, idempotencyKey?: string): Promise<SavedPin> {
    // Sent for an advertiser (section 6): the viewer must be able to act for it; the board's own write rules decide the rest.
    await this.deps.advertisers.actingFor(viewer, options.advertiser_id);
    const board = await this.deps.boardService.facts(viewer, options.board_id, 'write');
    if (board.privacy === 'secret' && (options.share_facebook || options.share_twitter)) {
      throw appError('bad_request', { message: 'Pins on a secret board cannot be shared.', field: options.share_facebook ? 'share_facebook' : 'share_twitter' });
    }
    const sectionId = options.section_id ?? options.section;
    const section = sectionId ? await this.deps.sectionService.writable(viewer, sectionId, board._id) : null;
    // The upload is stored first ("image_base64 first converted to an image url").
    const image = options.image_base64 !== undefined ? await this.deps.images.storeFromBase64(options.image_base64) : await this.deps.images.storeFromUrl(options.image_url ?? '');
    return this.store(viewer, board, section, idempotencyKey, {
      boardId: board._id,
      sectionId: section?._id ?? null,
      image: this.pinImage(image),
      title: options.title?.trim() ?? '',
      description: options.description?.trim() ?? '',
      link: cleanLink(options.link ?? options.image_url),
      method: savedMethod(options.method, options.guid),
      viaPinnerId: null,
      repinOf: null,
    });
  }

  /**
   * The pin builder's create (`POST /v3/pin-builder/pins/`): one pin per stored upload, onto one
   * board (and section), with the same text. The caller checked the gating (pin-builder/); the
   * board, section and advertiser rules are the save's. Each pin is its own write and event, with
   * its own idempotency key (`<key>.<n>`), so a retry after a partial failure makes only the
   * pins still missing.
   */
  async saveUploads(
    viewer: Viewer,
    options: { board_id: string; section_id?: string; title?: string; description?: string; link?: string; alt_text?: string; advertiser_id?: string },
    images: ImageDoc[],
    idempotencyKey?: string,
  ): Promise<SavedPin[]> {
    await this.deps.advertisers.actingFor(viewer, options.advertiser_id);
    const board = await this.deps.boardService.facts(viewer, options.board_id, 'write');
    const section = options.section_id ? await this.deps.sectionService.writable(viewer, options.section_id, board._id) : null;
    const altText = options.alt_text?.trim();
    const saved: SavedPin[] = [];
    for (const [n, image] of images.entries()) {
      saved.push(
        await this.store(viewer, board, section, idempotencyKey === undefined ? undefined : `${idempotencyKey}.${n}`, {
          boardId: board._id,
          sectionId: section?._id ?? null,
          image: this.pinImage(image),
          title: options.title?.trim() ?? '',
          description: options.description?.trim() ?? '',
          ...(altText ? { altText } : {}),
          link: cleanLink(options.link),
          method: 'uploaded',
          viaPinnerId: null,
          repinOf: null,
        }),
      );
    }
    return saved;
  }

  /** RepinResource create: an existing pin saved onto another board: the same image, `via_pinner` kept. */
  async repin(viewer: Viewer, options: { pin_id: string; board_id: string; section_id?: string; description?: string; title?: string; advertiser_id?: string }, idempotencyKey?: string): Promise<SavedPin> {
    await this.deps.advertisers.actingFor(viewer, options.advertiser_id);
    const { pin: source } = await this.readable(viewer, options.pin_id);
    const board = await this.deps.boardService.facts(viewer, options.board_id, 'write');
    const section = options.section_id ? await this.deps.sectionService.writable(viewer, options.section_id, board._id) : null;
    return this.store(viewer, board, section, idempotencyKey, {
      boardId: board._id,
      sectionId: section?._id ?? null,
      image: source.image,
      title: options.title?.trim() ?? source.title,
      description: options.description?.trim() ?? source.description,
      link: source.link,
      method: 'repin',
      viaPinnerId: source.pinnerId,
      repinOf: source._id,
    });
  }

  private async store(
    viewer: Viewer,
    board: BoardFacts,
    section: SectionDoc | null,
    idempotencyKey: string | undefined,
    fields: Pick<PinDoc, 'boardId' | 'sectionId' | 'image' | 'title' | 'description' | 'altText' | 'link' | 'method' | 'viaPinnerId' | 'repinOf'>,
  ): Promise<SavedPin> {
    const now = new Date();
    const id = newId(now.getTime());
    const requestKey = `${viewer.userId}:${idempotencyKey ?? id}`;
    // Independent writes: the pin's numbers on its board and section, and the first-save record.
    const [seq, sectionSeq, firstSave] = await Promise.all([
      this.deps.boards.nextPinSeq(fields.boardId),
      fields.sectionId ? this.deps.sections.nextPinSeq(fields.sectionId) : Promise.resolve(null),
      this.deps.pins.claimFirstSave(viewer.userId, requestKey, id, now),
    ]);
    const pin: PinDoc = {
      _id: id,
      ...fields,
      pinnerId: viewer.userId,
      seq,
      boardBucket: bucketKey(fields.boardId, seq),
      sectionSeq,
      ...(fields.sectionId && sectionSeq !== null ? { sectionBucket: bucketKey(fields.sectionId, sectionSeq) } : {}),
      imageId: fields.image.id,
      pinnerImage: pinnerImageKey(viewer.userId, fields.image.id),
      createdAt: now,
      deletedAt: null,
      requestKey,
    };
    const event = newEvent('pins-boards', 'pins.pin.saved.v1', id, {
      pinId: id,
      boardId: fields.boardId,
      sectionId: fields.sectionId,
      pinnerId: viewer.userId,
      firstSave,
      repinOf: fields.repinOf,
      imageId: fields.image.id,
      coverImageUrl: fields.image['236x'].url,
      dominantColor: fields.image.dominantColor,
      card: {
        title: fields.title, description: fields.description, link: fields.link, image236: fields.image['236x'], imageOrig: fields.image.orig, savedAt: now.toISOString(),
        boardName: board.name,
      },
    }, now);
    const stored = await this.deps.pins.insert(pin, [event]);
    if (stored !== 'inserted') {
      // A retry of a save that was stored (its answer was lost): the same pin, nothing new.
      const earlierSection = stored.sectionId ? await this.deps.sections.findById(stored.sectionId) : null;
      return { ...(await presentPin(stored, board, earlierSection, this.deps.people, viewer)), first_save: false };
    }
    this.deps.kick({ collection: PINS_COLLECTION, id, created: [event] });
    const presented = await presentPin(pin, board, section, this.deps.people, viewer);
    return { ...presented, first_save: firstSave };
  }

  /** Deletes a pin (its pinner or the board's owner): gone at once, counters follow its event. */
  async remove(viewer: Viewer, pinId: string): Promise<{ id: string }> {
    const { pin, board } = await this.readable(viewer, pinId);
    authorize(viewer, 'delete', { pinnerId: pin.pinnerId, board }, pinPolicy);
    const now = new Date();
    const event = newEvent('pins-boards', 'pins.pin.deleted.v1', pin._id, {
      pinId: pin._id, boardId: pin.boardId, sectionId: pin.sectionId, pinnerId: pin.pinnerId, imageId: pin.image.id,
    }, now);
    if (await this.deps.pins.markDeleted(pin, now, [event])) this.deps.kick({ collection: PINS_COLLECTION, id: pin._id });
    return { id: pin._id };
  }

  /** Board names suggested for a pin (at most 5): names a person would keep (board-name-suggestions.ts), none they already have. */
  async titleSuggestions(viewer: Viewer | undefined, pinId: string): Promise<{ title: string }[]> {
    const { pin, board } = await this.readable(viewer, pinId);
    const text = `${pin.title} ${pin.description}`;
    const [similar, taken] = await Promise.all([
      // Boards that hold pins like this one (the search index); without the index, the pin's own words.
      this.deps.similarBoardNames(viewer, pin._id, text, BOARD_TITLE_SUGGESTIONS_MAX * 2).catch(() => []),
      viewer ? this.deps.ownBoardNames(viewer.userId) : Promise.resolve([]),
    ]);
    const sourceBoard = board.ownerId === viewer?.userId ? null : board.name;
    return boardNameSuggestions({ similar, title: pin.title, description: pin.description, sourceBoard, taken }, BOARD_TITLE_SUGGESTIONS_MAX).map((title) => ({ title }));
  }
}
