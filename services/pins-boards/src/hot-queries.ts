import { dayAfter, defineIndexes, type HotQuerySet } from '@pinhive/kit';
import { pinsBoardsIndexes } from './indexes';
import { PROFILES_COLLECTION } from './profiles/profile.model';
import { BOARDS_COLLECTION } from './boards/board.model';
import { BOARD_LISTS_COLLECTION } from './boards/board-list.repository';
import { IMAGES_COLLECTION, IMAGE_SOURCES_COLLECTION } from './images/image.model';
import { bucketKey, PIN_BUCKET_SIZE, PINS_COLLECTION } from './pins/pin.model';
import { PINNERS_COLLECTION } from './pins/pin.repository';
import { SECTIONS_COLLECTION } from './sections/section.model';

const N = 5_000;
const at = new Date('2026-01-01T00:00:00Z');
/** Records spread over 40 days: a purge deletes one day's worth. */
const DAYS = 40;

/** Boards of the seed: pins and sections are spread over them. */
const BOARDS = 100;
const SECTIONS_PER_BOARD = 10;
/** Pins made from one image (repins of it). */
const PINS_PER_IMAGE = 5;
const boardId = (i: number) => String(1_000_000 + (i % BOARDS));
const pinImage = { id: 'img', '236x': { url: '/media/236x/x.png', width: 236, height: 200 }, orig: { url: '/media/orig/x.png', width: 600, height: 500 }, dominantColor: '#aabbcc' };

/** pins-boards' hot queries as its repositories send them (the guard: test/integration/hot-queries.int.test.ts). */
export const pinsBoardsHotQueries: HotQuerySet = {
  service: 'pins-boards',
  // processed_events' day index is the kit's (ProcessedEvents.indexes): pins-boards consumes events.
  indexes: [...pinsBoardsIndexes, ...defineIndexes('processed_events', [{ key: { day: 1 } }])],
  seeds: {
    [PROFILES_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, username: `user${i}`, firstName: 'Ada', lastName: '', imageLargeUrl: null, createdAt: at }) },
    processed_events: { count: N, doc: (i) => ({ _id: `create-profile:event-${i}`, eventId: `event-${i}`, handler: 'create-profile', at, day: dayAfter(at, i % DAYS) }) },
    [BOARDS_COLLECTION]: { count: N, doc: (i) => ({ _id: String(1_000_000 + i), ownerId: `user-${i % 500}`, name: `Board ${i}`, slug: `board-${i}`, ownerSlug: `user-${i % 500}:board-${i}`, privacy: 'public', pinSeq: 50, counted: [] }) },
    [BOARD_LISTS_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, boards: { [`b${i}`]: { id: String(i), name: `Board ${i}` } } }) },
    [SECTIONS_COLLECTION]: { count: N, doc: (i) => ({ _id: String(2_000_000 + i), boardId: boardId(Math.floor(i / SECTIONS_PER_BOARD)), title: `Section ${i}`, slug: `section-${i}`, boardSlug: `${boardId(Math.floor(i / SECTIONS_PER_BOARD))}:section-${i}`, counted: [] }) },
    // Board i % BOARDS, numbered in it by i / BOARDS: 50 per bucket; sections of 50 likewise.
    [PINS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: String(3_000_000 + i), boardId: boardId(i), seq: Math.floor(i / BOARDS), boardBucket: bucketKey(boardId(i), Math.floor(i / BOARDS)),
        sectionId: `s${Math.floor(i / PIN_BUCKET_SIZE)}`, sectionSeq: i % PIN_BUCKET_SIZE, sectionBucket: bucketKey(`s${Math.floor(i / PIN_BUCKET_SIZE)}`, i % PIN_BUCKET_SIZE),
        imageId: `image-${Math.floor(i / PINS_PER_IMAGE)}`, pinnerImage: `user-${i % 500}:image-${Math.floor(i / PINS_PER_IMAGE)}`, image: pinImage, pinnerId: `user-${i % 500}`, deletedAt: null, createdAt: at, requestKey: `user-${i % 500}:${3_000_000 + i}`,
      }),
    },
    [PINNERS_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, firstPinId: String(i), at }) },
    [IMAGES_COLLECTION]: { count: N, doc: (i) => ({ _id: `image-${i}`, width: 600, height: 500, dominantColor: '#aabbcc', createdAt: at }) },
    [IMAGE_SOURCES_COLLECTION]: { count: N, doc: (i) => ({ _id: `source-${i}`, url: `https://example.com/${i}.png`, imageId: `image-${i}`, fetchedAt: at }) },
  },
  queries: [
    { name: 'processed-event check (every event handled)', collection: 'processed_events', filter: { _id: 'create-profile:event-4321' } },
    { name: 'processed events of a day (purge)', collection: 'processed_events', filter: { day: dayAfter(at, 7) }, reads: N / DAYS },
    { name: 'profile by username', collection: PROFILES_COLLECTION, filter: { username: 'user4321' } },
    { name: 'profile by id (every update of a profile)', collection: PROFILES_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'board by id (every save, board page and pin)', collection: BOARDS_COLLECTION, filter: { _id: '1004321' } },
    { name: 'board by owner and slug (the board page)', collection: BOARDS_COLLECTION, filter: { ownerSlug: 'user-321:board-4321' } },
    { name: 'counter change applied once (every save and delete)', collection: BOARDS_COLLECTION, filter: { _id: '1004321', counted: { $ne: 'saved:1' } } },
    { name: "owner's board list (the picker, the profile grid)", collection: BOARD_LISTS_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'board list entry changed if there', collection: BOARD_LISTS_COLLECTION, filter: { _id: 'user-4321', 'boards.b4321': { $exists: true } } },
    { name: 'board list entry added if missing (a board created by a process that died before its list write)', collection: BOARD_LISTS_COLLECTION, filter: { _id: 'user-4321', 'boards.b7': { $exists: false } } },
    { name: 'section by id', collection: SECTIONS_COLLECTION, filter: { _id: '2004321' } },
    { name: 'section by board and slug (the section page)', collection: SECTIONS_COLLECTION, filter: { boardSlug: `${boardId(432)}:section-4321` } },
    { name: "a board's sections (the picker's section step)", collection: SECTIONS_COLLECTION, filter: { boardId: boardId(7) }, reads: (N / SECTIONS_PER_BOARD / BOARDS) * SECTIONS_PER_BOARD },
    { name: 'pin by id (pin page, repin, delete)', collection: PINS_COLLECTION, filter: { _id: '3004321' } },
    { name: 'a bucket of a board page (50 pins)', collection: PINS_COLLECTION, filter: { boardBucket: bucketKey(boardId(7), 0) }, reads: PIN_BUCKET_SIZE },
    { name: 'a bucket of a section page', collection: PINS_COLLECTION, filter: { sectionBucket: bucketKey('s7', 0) }, reads: PIN_BUCKET_SIZE },
    { name: "a section's live pins (recount after initial_pins)", collection: PINS_COLLECTION, filter: { sectionId: 's7', deletedAt: null }, reads: PIN_BUCKET_SIZE },
    { name: 'pins of an image (removed with the last)', collection: PINS_COLLECTION, filter: { imageId: 'image-7' }, reads: PINS_PER_IMAGE },
    // related/related-pins.repository.ts: the same equality, limit RELATED_PINS_READ (the store applies the limit after its index scan).
    { name: "other pins of a saved pin's image (the success dialog's related board)", collection: PINS_COLLECTION, filter: { imageId: 'image-321' }, reads: PINS_PER_IMAGE },
    { name: "the viewer's pin of an image (the already-saved check)", collection: PINS_COLLECTION, filter: { pinnerImage: `user-321:image-${Math.floor(4321 / PINS_PER_IMAGE)}` } },
    { name: 'the pin of a retried save (Idempotency-Key)', collection: PINS_COLLECTION, filter: { requestKey: 'user-321:3004321' } },
    { name: "a pinner's first save", collection: PINNERS_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'image by hash', collection: IMAGES_COLLECTION, filter: { _id: 'image-4321' } },
    { name: 'image link fetched before', collection: IMAGE_SOURCES_COLLECTION, filter: { _id: 'source-4321' } },
    { name: 'links of an image (removed with it)', collection: IMAGE_SOURCES_COLLECTION, filter: { imageId: 'image-4321' } },
    { name: 'profile part set unless newer (every account event)', collection: PROFILES_COLLECTION, filter: { _id: 'user-4321', $or: [{ namesChangedAt: null }, { namesChangedAt: { $lt: at } }] } },
  ],
};
