import { defineIndexes } from '@pinhive/kit';
import { BOARDS_COLLECTION } from './boards/board.model';
import { SITE_CLAIMS_COLLECTION } from './claims/claim.model';
import { inviteIndexes } from './collaborators/invite.model';
import { BOARD_FOLLOWS_COLLECTION, USER_FOLLOWS_COLLECTION } from './follows/follow.model';
import { imageIndexes } from './images/image.model';
import { MOVES_COLLECTION } from './moves/move.model';
import { PINS_COLLECTION } from './pins/pin.model';
import { PROFILES_COLLECTION } from './profiles/profile.model';
import { PROMOTED_CAMPAIGNS_COLLECTION } from './promoted/promoted-campaign.model';
import { PIN_SENDS_COLLECTION } from './sends/send.model';
import { SECTIONS_COLLECTION } from './sections/section.model';

/**
 * Every index pins-boards' queries need, created at start by the kit. `advertiser_access`
 * (advertisers/) has none of its own: it is read and written by `_id` alone; nor has
 * `site_owners` (claims/: `_id` is the domain, its unique key).
 */
export const pinsBoardsIndexes = [
  ...defineIndexes(PROFILES_COLLECTION, [
    { key: { username: 1 }, unique: true }, // profile pages by username
  ]),
  ...defineIndexes(PROMOTED_CAMPAIGNS_COLLECTION, [
    { key: { live: 1 } }, // the campaigns ads serves, read whole every 10 s (promoted/promoted-set.ts)
  ]),
  ...defineIndexes(BOARDS_COLLECTION, [
    { key: { ownerSlug: 1 }, unique: true }, // the board page /{username}/{slug}/
    { key: { listPending: 1 } }, // boards whose counts are not yet in their owner's list (boards/list-counts.ts's sweep)
    { key: { listPendingOwner: 1 } }, // an owner's boards among those (their list's write)
  ]),
  ...defineIndexes(SECTIONS_COLLECTION, [
    { key: { boardSlug: 1 }, unique: true }, // the section page
    { key: { boardId: 1 } }, // a board's sections (at most MAX_SECTIONS_PER_BOARD)
  ]),
  ...defineIndexes(PINS_COLLECTION, [
    { key: { boardBucket: 1 } }, // a board page: one bucket of at most 50 pins
    { key: { sectionBucket: 1 } }, // a section page
    { key: { moveBatch: 1 } }, // the pins a move's batch moved (counted again when a crashed batch is resumed)
    { key: { imageId: 1 } }, // an image is removed when no pin uses it
    { key: { pinnerImage: 1 } }, // the already-saved check: the viewer's pin of an image
    { key: { requestKey: 1 }, unique: true }, // a retried save finds its pin (Idempotency-Key)
  ]),
  ...imageIndexes,
  ...defineIndexes(MOVES_COLLECTION, [
    { key: { running: 1 } }, // unfinished moves (absent once finished): the sweep resumes those whose process died
  ]),
  ...inviteIndexes, // board invitations (collaborators/invite.model.ts)
  ...defineIndexes(BOARD_FOLLOWS_COLLECTION, [
    { key: { followersBucket: 1 } }, // a bucket of a board's followers: its list, and a save's fan-out
    { key: { followerId: 1 } }, // the boards someone follows: their home feed rebuilt from the store
  ]),
  ...defineIndexes(USER_FOLLOWS_COLLECTION, [
    { key: { followersBucket: 1 } }, // a bucket of a person's followers: their list, and a new board's followers
    { key: { followingBucket: 1 } }, // a bucket of whom a person follows
  ]),
  ...defineIndexes(PIN_SENDS_COLLECTION, [
    { key: { receivedBucket: 1 } }, // a bucket of a person's "Sent to you"
    { key: { requestKey: 1 }, unique: true }, // a retried send finds its send (Idempotency-Key)
  ]),
  ...defineIndexes(SITE_CLAIMS_COLLECTION, [
    { key: { userId: 1 } }, // a person's website claims (at most SITE_CLAIMS_PER_PERSON_MAX)
  ]),
];
