import type { BoardPrivacy } from '@pinhive/contracts';
import type { OutboxFields } from '@pinhive/kit';

export const BOARDS_COLLECTION = 'boards';

/**
 * A board. Its counters (`pinCount`, `sectionCount` is exact at each write) and cover follow
 * from the pins' `pins.pin.saved.v1` / `pins.pin.deleted.v1` events, applied once each: the
 * board keeps the keys of the events it applied last in `counted` (see board.repository.ts).
 */
export interface BoardDoc extends Partial<OutboxFields> {
  _id: string;
  ownerId: string;
  name: string;
  slug: string;
  /** `${ownerId}:${slug}`: the board page's lookup (`/{username}/{slug}/`), unique. */
  ownerSlug: string;
  description: string;
  privacy: BoardPrivacy;
  advertiserId: string | null;
  /** Collaborators may read a secret board and save into it (invitations: next issue). */
  collaboratorIds: string[];
  pinCount: number;
  sectionCount: number;
  /**
   * Where the board's pin numbers start: pins are numbered by a counter of their own
   * (`boardPinsCounter`, BoardRepository), which begins at this value (the last number of boards
   * that numbered their pins here before; 0 for the others). Never written by saves: the top is
   * BoardRepository.topPinNumber.
   */
  pinSeq: number;
  /** Keys (`saved:<pinId>@<eventId>~<occurredAt ms>`, `deleted:...`) of the last counter changes applied, newest last. */
  counted: string[];
  /**
   * Every `saved:` key that left `counted` is of an event that occurred at or before this time
   * (ms; 0 on a new board). A save that occurred later and whose key is not in `counted` was
   * never counted here: its count is guarded by this and the ledger alone, with no read of
   * `processed_events` (board.repository.ts `applyCounts`). Absent on boards counted before it
   * was kept: their saves ask `processed_events` until their next count sets it.
   */
  savedKeysTo?: number;
  /** The cover: the last counted save's image, set in the same write as its count. */
  coverPinId: string | null;
  coverImageUrl: string | null;
  coverColor: string | null;
  /** Always false: a chosen cover (not built) will have fields of its own, so saves keep setting the ones above. */
  hasCustomCover: boolean;
  createdAt: Date;
  /** The last save onto it (the picker's Top choices; board_order_modified_at). */
  lastSavedAt: Date;
  archivedAt: Date | null;
  /** Deleted boards answer 404 to everyone; their pins go with them. */
  deletedAt: Date | null;
  /** Set by a count whose values are not yet in the owner's list (list-counts.ts); absent otherwise. */
  listPending?: true;
  /**
   * The owner, beside `listPending`: the owner's list write reads their marked boards by this
   * one equality. (`{ ownerId, listPending: true }` read every marked board of every owner and
   * kept the owner's: hundreds under load, since PostgreSQL's statistics, taken while few
   * boards are marked, make the mark's index look the most selective.)
   */
  listPendingOwner?: string;
}

/**
 * What only a board's own writes change (BoardRepository.update, which marks them changed): who
 * may read and write it, and what a pin shows of it. Kept in the read cache under a stamp of
 * their own (a save into the board changes its pages, not these); counters, cover and `pinSeq`
 * change with every save and are never read from it.
 */
export type BoardFacts = Pick<BoardDoc, '_id' | 'ownerId' | 'name' | 'slug' | 'description' | 'privacy' | 'advertiserId' | 'collaboratorIds' | 'archivedAt' | 'deletedAt'>;

export const boardFactsOf = (b: BoardDoc): BoardFacts => ({
  _id: b._id, ownerId: b.ownerId, name: b.name, slug: b.slug, description: b.description, privacy: b.privacy,
  advertiserId: b.advertiserId, collaboratorIds: b.collaboratorIds, archivedAt: b.archivedAt, deletedAt: b.deletedAt,
});

/** The board's pin counter in `list_numbers`: the last number given to a pin saved or moved there (pins are read by buckets of it, pin.model.ts). */
export const boardPinsCounter = (boardId: string): string => `board-pins:${boardId}`;

/**
 * Counter keys a board keeps at least. Older ones go only once their event is recorded handled
 * (board.repository.ts `trimmable`): a key applied by a process that died before that record is
 * the only guard against a second count, however many events Kafka delivers before redelivering it.
 * A settled key guards little (its event's record does: the dispatcher skips a deletion's, and a
 * save older than `savedKeysTo` is asked about), so few are kept: the ledger
 * stays a few hundred bytes and the board a small document (a board's every read and write
 * carried a 200-key, ~8 KB ledger before, which PostgreSQL compressed out of line each time).
 */
export const COUNTED_KEYS_KEPT = 16;

/** The ledger is trimmed once this many keys are beyond COUNTED_KEYS_KEPT, in one `$pullAll`: not a write per save. */
export const COUNTED_KEYS_TRIMMED_TOGETHER = 16;

/**
 * A save's ledger key: `saved:<pinId>@<eventId>~<occurredAt ms>`. The time lets the trim say up
 * to when saves may have left the ledger (`savedKeysTo`).
 */
export const savedLedgerKey = (pinId: string, eventId: string, occurredAt: string): string => `saved:${pinId}@${eventId}~${Date.parse(occurredAt)}`;

/** The key a save had before keys carried their time (a redelivery of such a save must still find it). */
export const legacySavedLedgerKey = (pinId: string, eventId: string): string => `saved:${pinId}@${eventId}`;

/** The event id of a `saved:`/`deleted:` ledger key (after its last `@`, without the time). */
export const ledgerKeyEvent = (key: string): string | undefined => {
  const at = key.lastIndexOf('@');
  if (at < 0) return undefined;
  const rest = key.slice(at + 1);
  const tilde = rest.indexOf('~');
  return tilde < 0 ? rest : rest.slice(0, tilde);
};

/** When the save of a `saved:` key occurred (ms), or undefined for a key without its time. */
export const savedKeyTime = (key: string): number | undefined => {
  if (!key.startsWith('saved:')) return undefined;
  const tilde = key.lastIndexOf('~');
  if (tilde < 0 || tilde < key.lastIndexOf('@')) return undefined;
  const ms = Number(key.slice(tilde + 1));
  return Number.isFinite(ms) ? ms : undefined;
};
