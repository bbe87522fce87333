import { defineIndexes } from '@pinhive/kit';
import { BOARDS_COLLECTION } from './boards/board.model';
import { imageIndexes } from './images/image.model';
import { PINS_COLLECTION } from './pins/pin.model';
import { PROFILES_COLLECTION } from './profiles/profile.model';
import { SECTIONS_COLLECTION } from './sections/section.model';

/** Every index pins-boards' queries need, created at start by the kit. */
export const pinsBoardsIndexes = [
  ...defineIndexes(PROFILES_COLLECTION, [
    { key: { username: 1 }, unique: true }, // profile pages by username
  ]),
  ...defineIndexes(BOARDS_COLLECTION, [
    { key: { ownerSlug: 1 }, unique: true }, // the board page /{username}/{slug}/
  ]),
  ...defineIndexes(SECTIONS_COLLECTION, [
    { key: { boardSlug: 1 }, unique: true }, // the section page
    { key: { boardId: 1 } }, // a board's sections (at most MAX_SECTIONS_PER_BOARD)
  ]),
  ...defineIndexes(PINS_COLLECTION, [
    { key: { boardBucket: 1 } }, // a board page: one bucket of at most 50 pins
    { key: { sectionBucket: 1 } }, // a section page
    { key: { sectionId: 1 } }, // recounting a section
    { key: { imageId: 1 } }, // an image is removed when no pin uses it
    { key: { pinnerImage: 1 } }, // the already-saved check: the viewer's pin of an image
    { key: { requestKey: 1 }, unique: true }, // a retried save finds its pin (Idempotency-Key)
  ]),
  ...imageIndexes,
];
