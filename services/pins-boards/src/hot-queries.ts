import { dayAfter, defineIndexes, type HotQuerySet } from '@pinhive/kit';
import { pinsBoardsIndexes } from './indexes';
import { PROFILES_COLLECTION } from './profiles/profile.model';
import { BOARDS_COLLECTION } from './boards/board.model';
import { BOARD_LISTS_COLLECTION } from './boards/board-list.repository';
import { createHash } from 'node:crypto';
import { IMAGES_COLLECTION, IMAGE_SOURCES_COLLECTION, PHASH_BAND_FIELDS } from './images/image.model';
import { hashFields } from './images/image.repository';
import { bucketKey, PIN_BUCKET_SIZE, PINS_COLLECTION } from './pins/pin.model';
import { PINNERS_COLLECTION } from './pins/pin.repository';
import { SECTIONS_COLLECTION } from './sections/section.model';
import { BOARD_ACTIONS_COLLECTION, MOVES_COLLECTION } from './moves/move.model';
import { INVITES_COLLECTION, userInviteId } from './collaborators/invite.model';
import { BOARD_FOLLOWS_COLLECTION, FOLLOW_BUCKET_SIZE, FOLLOW_COUNTS_COLLECTION, USER_FOLLOWS_COLLECTION } from './follows/follow.model';
import { LIST_NUMBERS_COLLECTION, listBucketKey } from './shared/list-numbers';
import { ADVERTISER_ACCESS_COLLECTION, advertiserAccessId } from './advertisers/advertiser-access.model';
import { PROMOTED_CAMPAIGNS_COLLECTION } from './promoted/promoted-campaign.model';
import { PIN_SENDS_COLLECTION, SEND_BUCKET_SIZE } from './sends/send.model';
import { claimId, SITE_CLAIMS_COLLECTION, SITE_OWNERS_COLLECTION } from './claims/claim.model';
import { SITE_CLAIMS_PER_PERSON_MAX } from '@pinhive/contracts';

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
/** Pictures' hashes spread as real ones are (16 hex digits of a sha256): a band matches few others. */
const seedHash = (i: number) => createHash('sha256').update(`picture-${i}`).digest('hex').slice(0, 16);
const pinImage = { id: 'img', '236x': { url: '/media/236x/x.png', width: 236, height: 200 }, orig: { url: '/media/orig/x.png', width: 600, height: 500 }, dominantColor: '#aabbcc' };
/** Follows of the seed: follower i follows board i % BOARDS and person i % PEOPLE. */
const PEOPLE = 500;
/** Campaigns of the seed that ads still serves: one in this many (the others ended, kept as `live: false`). */
const PROMOTED_LIVE_EVERY = 10;
/** Unfinished moves of the seed: one in this many (crashes are rare; the sweep reads these). */
const MOVES_UNFINISHED_EVERY = 250;

/** pins-boards' hot queries as its repositories send them (the guard: test/integration/hot-queries.int.test.ts). */
export const pinsBoardsHotQueries: HotQuerySet = {
  service: 'pins-boards',
  // processed_events' day index is the kit's (ProcessedEvents.indexes): pins-boards consumes events.
  indexes: [...pinsBoardsIndexes, ...defineIndexes('processed_events', [{ key: { day: 1 } }])],
  seeds: {
    [PROFILES_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, username: `user${i}`, firstName: 'Ada', lastName: '', imageLargeUrl: null, createdAt: at }) },
    processed_events: { count: N, doc: (i) => ({ _id: `create-profile:event-${i}`, eventId: `event-${i}`, handler: 'create-profile', at, day: dayAfter(at, i % DAYS) }) },
    [BOARDS_COLLECTION]: { count: N, doc: (i) => ({ _id: String(1_000_000 + i), ownerId: `user-${i % 500}`, name: `Board ${i}`, slug: `board-${i}`, ownerSlug: `user-${i % 500}:board-${i}`, privacy: 'public', collaboratorIds: [`user-${(i + 1) % 500}`], pinSeq: 50, counted: [], savedKeysTo: 0, ...(i % 100 === 7 ? { listPending: true, listPendingOwner: `user-${i % 500}` } : {}) }) },
    [BOARD_LISTS_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, boards: { [`b${i}`]: { id: String(i), name: `Board ${i}` } } }) },
    [SECTIONS_COLLECTION]: { count: N, doc: (i) => ({ _id: String(2_000_000 + i), boardId: boardId(Math.floor(i / SECTIONS_PER_BOARD)), title: `Section ${i}`, slug: `section-${i}`, boardSlug: `${boardId(Math.floor(i / SECTIONS_PER_BOARD))}:section-${i}`, counted: [] }) },
    // Board i % BOARDS, numbered in it by i / BOARDS: 50 per bucket; sections of 50 likewise.
    [PINS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: String(3_000_000 + i), boardId: boardId(i), seq: Math.floor(i / BOARDS), boardBucket: bucketKey(boardId(i), Math.floor(i / BOARDS)),
        sectionId: `s${Math.floor(i / PIN_BUCKET_SIZE)}`, sectionSeq: i % PIN_BUCKET_SIZE, sectionBucket: bucketKey(`s${Math.floor(i / PIN_BUCKET_SIZE)}`, i % PIN_BUCKET_SIZE),
        imageId: `image-${Math.floor(i / PINS_PER_IMAGE)}`, pinnerImage: `user-${i % 500}:image-${Math.floor(i / PINS_PER_IMAGE)}`, image: pinImage, pinnerId: `user-${i % 500}`, deletedAt: null, createdAt: at, requestKey: `user-${i % 500}:${3_000_000 + i}`,
        moveBatch: `move-${Math.floor(i / PIN_BUCKET_SIZE)}:0`,
      }),
    },
    // Moves: one in MOVES_UNFINISHED_EVERY unfinished (the sweep's flag), a lease per board.
    [MOVES_COLLECTION]: { count: N, doc: (i) => ({ _id: `move-${i}`, kind: 'moving', boards: [boardId(i)], inFlight: i % 2 === 0 ? null : 3, next: 3, moved: 150, ...(i % MOVES_UNFINISHED_EVERY === 0 ? { running: true } : {}), createdAt: at }) },
    [BOARD_ACTIONS_COLLECTION]: { count: N, doc: (i) => ({ _id: String(1_000_000 + i), kind: 'moving', token: `token-${i}`, expiresAt: at, moveId: `move-${i}`, takenAt: at }) },
    // Board invitations: 50 pending per board (its cap), every other one to an account (50 per person), the rest by email.
    [INVITES_COLLECTION]: {
      count: N,
      doc: (i) => ({
        ...(i % 2 === 0
          ? { _id: userInviteId(boardId(i), `user-${Math.floor(i / BOARDS)}`), kind: 'user', inviteeId: `user-${Math.floor(i / BOARDS)}`, inviteKey: `${boardId(i)}:u:user-${Math.floor(i / BOARDS)}` }
          : { _id: `e:hash-${i}`, kind: 'email', email: `friend${i}@example.com`, inviteKey: `${boardId(i)}:e:friend${i}@example.com` }),
        boardId: boardId(i), inviterId: 'user-1', createdAt: at, expiresAt: at, purgeDay: dayAfter(at, i % DAYS),
      }),
    },
    // Who may act for which advertiser: 5 people per advertiser, one in 10 removed (role null).
    [PROMOTED_CAMPAIGNS_COLLECTION]: { count: N, doc: (i) => ({ _id: String(6_000_000 + i), live: i % PROMOTED_LIVE_EVERY === 0, record: { campaignId: String(6_000_000 + i), pinId: String(3_000_000 + i) }, changedAt: at }) },
    [ADVERTISER_ACCESS_COLLECTION]: {
      count: N,
      doc: (i) => ({ _id: advertiserAccessId(String(5_000_000 + Math.floor(i / 5)), `user-${i % PEOPLE}`), advertiserId: String(5_000_000 + Math.floor(i / 5)), userId: `user-${i % PEOPLE}`, ownerId: `user-${Math.floor(i / 5) % PEOPLE}`, role: i % 10 === 9 ? null : i % 5 === 0 ? 'owner' : 'member', changedAt: at }),
    },
    [PINNERS_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, firstPinId: String(i), at }) },
    [IMAGES_COLLECTION]: { count: N, doc: (i) => ({ _id: `image-${i}`, width: 600, height: 500, dominantColor: '#aabbcc', createdAt: at, ...hashFields(seedHash(i)) }) },
    [IMAGE_SOURCES_COLLECTION]: { count: N, doc: (i) => ({ _id: `source-${i}`, url: `https://example.com/${i}.png`, imageId: `image-${i}`, fetchedAt: at }) },
    [BOARD_FOLLOWS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: `follower-${i}:${boardId(i)}`, followerId: `follower-${i}`, boardId: boardId(i), ownerId: `user-${i % PEOPLE}`, explicit: true, viaUser: false, optedOut: false, active: true,
        n: Math.floor(i / BOARDS) + 1, followersBucket: listBucketKey(boardId(i), Math.floor(i / BOARDS) + 1, FOLLOW_BUCKET_SIZE), changedAt: at,
      }),
    },
    [USER_FOLLOWS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: `follower-${i}:user-${i % PEOPLE}`, followerId: `follower-${i}`, followeeId: `user-${i % PEOPLE}`, active: true,
        followersN: Math.floor(i / PEOPLE) + 1, followersBucket: listBucketKey(`user-${i % PEOPLE}`, Math.floor(i / PEOPLE) + 1, FOLLOW_BUCKET_SIZE),
        followingN: 1, followingBucket: listBucketKey(`follower-${i}`, 1, FOLLOW_BUCKET_SIZE), inviteCode: null, changedAt: at,
      }),
    },
    [FOLLOW_COUNTS_COLLECTION]: { count: N, doc: (i) => ({ _id: i % 2 === 0 ? `board:${1_000_000 + i}` : `user:user-${i}`, followers: 3, following: 2, counted: [`followed:follower-${i}@event-${i}`] }) },
    // Sends: person i % PEOPLE receives send i, numbered in their list by i / PEOPLE.
    [PIN_SENDS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: String(4_000_000 + i), senderId: `follower-${i}`, recipientId: `user-${i % PEOPLE}`, pinId: String(3_000_000 + i),
        n: Math.floor(i / PEOPLE) + 1, receivedBucket: listBucketKey(`user-${i % PEOPLE}`, Math.floor(i / PEOPLE) + 1, SEND_BUCKET_SIZE), requestKey: `follower-${i}:${4_000_000 + i}`, sentAt: at,
      }),
    },
    [LIST_NUMBERS_COLLECTION]: { count: N, doc: (i) => ({ _id: `board-followers:${1_000_000 + i}`, n: 50 }) },
    // Website claims: person i % PEOPLE claims site i (SITE_CLAIMS_PER_PERSON_MAX each), every other one verified and owned.
    [SITE_CLAIMS_COLLECTION]: {
      count: PEOPLE * SITE_CLAIMS_PER_PERSON_MAX,
      doc: (i) => ({ _id: claimId(`user-${i % PEOPLE}`, `site${i}.example`), userId: `user-${i % PEOPLE}`, domain: `site${i}.example`, token: `token-${i}`, status: i % 2 === 0 ? 'verified' : 'pending', createdAt: at, verifiedAt: i % 2 === 0 ? at : null, checkedAt: at }),
    },
    [SITE_OWNERS_COLLECTION]: { count: N, doc: (i) => ({ _id: `site${i * 2}.example`, ownerId: `user-${(i * 2) % PEOPLE}`, verifiedAt: at }) },
  },
  queries: [
    { name: 'processed-event check (every event handled)', collection: 'processed_events', filter: { _id: 'create-profile:event-4321' } },
    { name: 'processed events of a day (purge)', collection: 'processed_events', filter: { day: dayAfter(at, 7) }, reads: N / DAYS },
    { name: 'profile by username', collection: PROFILES_COLLECTION, filter: { username: 'user4321' } },
    { name: 'profile by id (every update of a profile)', collection: PROFILES_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'board by id (every save, board page and pin)', collection: BOARDS_COLLECTION, filter: { _id: '1004321' } },
    { name: 'board by owner and slug (the board page)', collection: BOARDS_COLLECTION, filter: { ownerSlug: 'user-321:board-4321' } },
    // One board in 100 has counts not yet in its owner's list: the sweep reads those alone.
    { name: 'boards whose counts are not yet in their list (the sweep)', collection: BOARDS_COLLECTION, filter: { listPending: true }, reads: N / 100 },
    // The owner's among those, read for their list's write: by the owner's key, never the other owners' marks.
    { name: "an owner's boards whose counts are not yet in their list (its list's write)", collection: BOARDS_COLLECTION, filter: { listPendingOwner: 'user-7' }, reads: N / 500 },
    // Its conditions as `$in`, which FerretDB does not push down: PostgreSQL reads the one board by `_id`.
    { name: "a board's list mark cleared if its counts are unchanged", collection: BOARDS_COLLECTION, filter: { _id: '1004307', listPending: { $in: [true] }, pinCount: { $in: [null] }, lastSavedAt: { $in: [null] }, coverPinId: { $in: [null] } } },
    // The owner's key pushed down (the owner's marked boards), each board's conditions under `$or` checked by FerretDB.
    { name: "an owner's list marks cleared where the boards are unchanged (each list write)", collection: BOARDS_COLLECTION, filter: { listPendingOwner: 'user-307', $or: [{ _id: '1004307', listPending: true, pinCount: null, lastSavedAt: null, coverPinId: null }] }, reads: N / 500 },
    { name: 'counter change applied once (every save and delete)', collection: BOARDS_COLLECTION, filter: { _id: '1004321', counted: { $ne: 'saved:1' } } },
    { name: "a batch's counter changes applied once (saves of one board in one fetch)", collection: BOARDS_COLLECTION, filter: { _id: '1004321', counted: { $nin: ['saved:1', 'saved:2'] } } },
    { name: "saves counted once, by their keys and the board's savedKeysTo (every save's count)", collection: BOARDS_COLLECTION, filter: { _id: '1004321', counted: { $nin: ['saved:1@e1~5', 'saved:1@e1'] }, savedKeysTo: { $lt: 5 } } },
    { name: 'collaborator added once (an invitation accepted)', collection: BOARDS_COLLECTION, filter: { _id: '1004321', collaboratorIds: { $ne: 'user-7' } } },
    { name: 'collaborator removed once (removed, or leaving)', collection: BOARDS_COLLECTION, filter: { _id: '1004321', collaboratorIds: 'user-322' } },
    { name: 'invitation by id (an account answering; an emailed link, by its hash)', collection: INVITES_COLLECTION, filter: { _id: 'e:hash-4321' } },
    { name: 'invitation in the way of a second one (same board and person)', collection: INVITES_COLLECTION, filter: { inviteKey: `${boardId(4321)}:e:friend4321@example.com` } },
    { name: 'lapsed invitation replaced', collection: INVITES_COLLECTION, filter: { _id: 'e:hash-4321', inviteKey: `${boardId(4321)}:e:friend4321@example.com` } },
    { name: "a board's pending invitations (the owner's list, its cap, its deletion)", collection: INVITES_COLLECTION, filter: { boardId: boardId(7) }, reads: N / BOARDS },
    { name: "a person's pending invitations (their list, their cap)", collection: INVITES_COLLECTION, filter: { inviteeId: 'user-7' }, reads: BOARDS / 2 },
    { name: 'lapsed invitations of a day (purge)', collection: INVITES_COLLECTION, filter: { purgeDay: dayAfter(at, 7), outboxPending: { $ne: true } }, reads: N / DAYS },
    { name: "owner's board list (the picker, the profile grid)", collection: BOARD_LISTS_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'board list entry changed if there', collection: BOARD_LISTS_COLLECTION, filter: { _id: 'user-4321', 'boards.b4321': { $exists: true } } },
    { name: 'board list entry added if missing (a board created by a process that died before its list write)', collection: BOARD_LISTS_COLLECTION, filter: { _id: 'user-4321', 'boards.b7': { $exists: false } } },
    { name: 'section by id', collection: SECTIONS_COLLECTION, filter: { _id: '2004321' } },
    { name: 'section by board and slug (the section page)', collection: SECTIONS_COLLECTION, filter: { boardSlug: `${boardId(432)}:section-4321` } },
    { name: "a board's sections (the picker's section step)", collection: SECTIONS_COLLECTION, filter: { boardId: boardId(7) }, reads: (N / SECTIONS_PER_BOARD / BOARDS) * SECTIONS_PER_BOARD },
    { name: 'pin by id (pin page, repin, delete)', collection: PINS_COLLECTION, filter: { _id: '3004321' } },
    { name: 'a bucket of a board page (50 pins)', collection: PINS_COLLECTION, filter: { boardBucket: bucketKey(boardId(7), 0) }, reads: PIN_BUCKET_SIZE },
    { name: 'a bucket of a section page', collection: PINS_COLLECTION, filter: { sectionBucket: bucketKey('s7', 0) }, reads: PIN_BUCKET_SIZE },
    { name: 'a pin moved from where a move batch read it', collection: PINS_COLLECTION, filter: { _id: '3004321', boardId: boardId(4321), sectionId: 's86', deletedAt: null } },
    { name: 'a pin deleted on the board it was read on', collection: PINS_COLLECTION, filter: { _id: '3004321', boardId: boardId(4321), deletedAt: null } },
    { name: 'a pin marked promoted once (ads.pin.promoted.v1)', collection: PINS_COLLECTION, filter: { _id: '3004321', deletedAt: null, promoted: { $exists: false } } },
    { name: 'the pins a move batch moved (counted again when a crashed batch is resumed)', collection: PINS_COLLECTION, filter: { moveBatch: 'move-7:0' }, reads: PIN_BUCKET_SIZE },
    { name: "a board's lease (every move and section change)", collection: BOARD_ACTIONS_COLLECTION, filter: { _id: '1004321' } },
    { name: 'a lease taken over, renewed or released by its token', collection: BOARD_ACTIONS_COLLECTION, filter: { _id: '1004321', token: 'token-4321' } },
    { name: 'a move by id (every batch; a ledger key settled)', collection: MOVES_COLLECTION, filter: { _id: 'move-4321' } },
    { name: "a move's batch intent recorded after the batch before", collection: MOVES_COLLECTION, filter: { _id: 'move-4320', inFlight: null, next: 3 } },
    { name: "a move's batch progress recorded once", collection: MOVES_COLLECTION, filter: { _id: 'move-4321', inFlight: 3 } },
    { name: 'unfinished moves (the sweep, every few seconds)', collection: MOVES_COLLECTION, filter: { running: true }, reads: N / MOVES_UNFINISHED_EVERY },
    { name: 'pins of an image (removed with the last)', collection: PINS_COLLECTION, filter: { imageId: 'image-7' }, reads: PINS_PER_IMAGE },
    // related/related-pins.repository.ts: the same equality, limit RELATED_PINS_READ (the store applies the limit after its index scan).
    { name: "other pins of a saved pin's image (the success dialog's related board)", collection: PINS_COLLECTION, filter: { imageId: 'image-321' }, reads: PINS_PER_IMAGE },
    { name: "the viewer's pin of an image (the already-saved check)", collection: PINS_COLLECTION, filter: { pinnerImage: `user-321:image-${Math.floor(4321 / PINS_PER_IMAGE)}` } },
    { name: 'the pin of a retried save (Idempotency-Key)', collection: PINS_COLLECTION, filter: { requestKey: 'user-321:3004321' } },
    { name: "a pinner's first save", collection: PINNERS_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'image by hash', collection: IMAGES_COLLECTION, filter: { _id: 'image-4321' } },
    // image.repository.ts nearHashes: one equality per band (limit NEAR_IMAGES_PER_BAND, applied after the index scan).
    ...PHASH_BAND_FIELDS.map((field) => ({
      name: `images sharing band ${field.slice(-1)} of a picture's hash (more like this, the already-saved check)`,
      collection: IMAGES_COLLECTION,
      filter: { [field]: hashFields(seedHash(4321))[field] },
      reads: 2,
    })),
    { name: 'image link fetched before', collection: IMAGE_SOURCES_COLLECTION, filter: { _id: 'source-4321' } },
    { name: 'links of an image (removed with it)', collection: IMAGE_SOURCES_COLLECTION, filter: { imageId: 'image-4321' } },
    { name: 'a board follow (followed_by_me; every follow and unfollow)', collection: BOARD_FOLLOWS_COLLECTION, filter: { _id: `follower-4321:${boardId(4321)}` } },
    { name: 'a board follow changed from the state it was read in', collection: BOARD_FOLLOWS_COLLECTION, filter: { _id: `follower-4321:${boardId(4321)}`, explicit: true, viaUser: false, optedOut: false } },
    { name: "a bucket of a board's followers (its list, a save's fan-out)", collection: BOARD_FOLLOWS_COLLECTION, filter: { followersBucket: listBucketKey(boardId(7), 1, FOLLOW_BUCKET_SIZE) }, reads: FOLLOW_BUCKET_SIZE },
    { name: 'the boards someone follows (their home feed rebuilt)', collection: BOARD_FOLLOWS_COLLECTION, filter: { followerId: 'follower-4321', active: true } },
    { name: 'a person followed (followed_by_me; every follow and unfollow)', collection: USER_FOLLOWS_COLLECTION, filter: { _id: `follower-4321:user-${4321 % PEOPLE}` } },
    { name: 'a person follow changed from the state it was read in', collection: USER_FOLLOWS_COLLECTION, filter: { _id: `follower-4321:user-${4321 % PEOPLE}`, active: true } },
    { name: "a bucket of a person's followers (their list, a new board's followers)", collection: USER_FOLLOWS_COLLECTION, filter: { followersBucket: listBucketKey('user-7', 1, FOLLOW_BUCKET_SIZE) }, reads: FOLLOW_BUCKET_SIZE },
    { name: 'a bucket of whom a person follows', collection: USER_FOLLOWS_COLLECTION, filter: { followingBucket: listBucketKey('follower-7', 1, FOLLOW_BUCKET_SIZE) }, reads: FOLLOW_BUCKET_SIZE },
    { name: 'the send of a retried send (Idempotency-Key)', collection: PIN_SENDS_COLLECTION, filter: { requestKey: 'follower-4321:4004321' } },
    { name: 'a bucket of a person\'s "Sent to you"', collection: PIN_SENDS_COLLECTION, filter: { receivedBucket: listBucketKey('user-7', 1, SEND_BUCKET_SIZE) }, reads: SEND_BUCKET_SIZE },
    { name: "follow counts of a board or a person (the board's and the profile's answers, a save's fan-out cap)", collection: FOLLOW_COUNTS_COLLECTION, filter: { _id: 'user:user-4321' } },
    { name: 'follow count change applied once (every follow event)', collection: FOLLOW_COUNTS_COLLECTION, filter: { _id: 'user:user-4321', counted: { $ne: 'followed:x@y' } } },
    { name: "a list's counter (every save: whether its board was ever followed, the board's pin numbers; a home feed's first page)", collection: LIST_NUMBERS_COLLECTION, filter: { _id: 'board-followers:1004321' } },
    { name: 'the campaigns ads serves (each promoted set refresh, every 10 s)', collection: PROMOTED_CAMPAIGNS_COLLECTION, filter: { live: true }, reads: N / PROMOTED_LIVE_EVERY },
    { name: 'a campaign serving record kept unless newer (ads.campaign.serving.v1)', collection: PROMOTED_CAMPAIGNS_COLLECTION, filter: { _id: '6000864', $or: [{ changedAt: null }, { changedAt: { $lt: new Date('2026-02-01T00:00:00Z') } }] } },
    { name: 'who may act for an advertiser (a board or pin made for one, its privacy and invitations)', collection: ADVERTISER_ACCESS_COLLECTION, filter: { _id: advertiserAccessId('5000864', 'user-321') } },
    { name: 'advertiser access added unless newer (ads.advertiser.member-added.v1)', collection: ADVERTISER_ACCESS_COLLECTION, filter: { _id: advertiserAccessId('5000864', 'user-321'), changedAt: { $lt: new Date('2026-02-01T00:00:00Z') } } },
    { name: 'advertiser access removed unless newer (ads.advertiser.member-removed.v1)', collection: ADVERTISER_ACCESS_COLLECTION, filter: { _id: advertiserAccessId('5000864', 'user-321'), changedAt: { $lte: at } } },
    { name: 'a website claim by person and site (claiming, verifying, removing)', collection: SITE_CLAIMS_COLLECTION, filter: { _id: claimId('user-321', 'site321.example') } },
    { name: "a person's website claims (/settings/claim/, the claims cap)", collection: SITE_CLAIMS_COLLECTION, filter: { userId: 'user-321' }, reads: SITE_CLAIMS_PER_PERSON_MAX },
    { name: "a site's verified owner (the creator card of every saved pin with a link; a claim, a verification)", collection: SITE_OWNERS_COLLECTION, filter: { _id: 'site4320.example' } },
    { name: "a site's ownership released by its owner (a claim removed)", collection: SITE_OWNERS_COLLECTION, filter: { _id: 'site4320.example', ownerId: 'user-320' } },
    { name: 'profile part set unless newer (every account event)', collection: PROFILES_COLLECTION, filter: { _id: 'user-4321', $or: [{ namesChangedAt: null }, { namesChangedAt: { $lt: at } }] } },
  ],
};
