import type { BoardPrivacy, PaletteColor, SearchBoard, SearchPin, SearchUser } from '@pinhive/contracts';

/*
 * The search index as pins-boards' callers see it: a read model of pins-boards' and auth's events
 * (search.handlers.ts), rebuilt from the store by `npm run admin -- search reindex`. PostgreSQL's
 * full-text search implements it (pg/pg-search.index.ts); an OpenSearch cluster could take its
 * place behind the same interface.
 *
 * Every write is versioned by the time of the change it carries (the event's `occurredAt`), so
 * events of different topics may arrive in any order and any number of times: a write older than
 * what the index holds changes nothing, and deletions are tombstones that nothing revives.
 */

/** A pin as a save leaves it (pins.pin.saved.v1, or the pin document when reindexing). */
export interface IndexedPin {
  pinId: string;
  boardId: string;
  pinnerId: string;
  title: string;
  description: string;
  link: string | null;
  dominantColor: string;
  image236: { url: string; width: number; height: number };
  imageOrig: { url: string; width: number; height: number };
  createdAt: Date;
  /** When the pin was put on `boardId` (its save, or its last move when reindexing). */
  at: Date;
}

export interface IndexedBoard {
  boardId: string;
  ownerId: string;
  name: string;
  slug: string;
  description: string;
  privacy: BoardPrivacy;
  /** The time of the change this snapshot follows. */
  at: Date;
}

export interface IndexedPerson {
  userId: string;
  username: string;
  fullName: string;
  at: Date;
}

/** Who is searching: what they may see follows from it (secret boards are their members' only). */
export interface Searcher {
  userId: string | undefined;
}

export interface PinFilters {
  /** Only these named colours. */
  colors?: readonly PaletteColor[];
  /** Only pins linking to these sites (a domain also matches its `www.`). */
  domains?: readonly string[];
  /** Only pins saved by the person of this username. */
  username?: string;
  /** Only the searcher's own pins (the my_pins scope). */
  mine?: boolean;
}

export interface SearchRequest {
  query: string;
  /** Typo tolerance for boards and people: names that look alike match too (auto_correction_disabled turns it off). */
  typos: boolean;
  limit: number;
  /** Where the previous page ended (the bookmark's key). */
  after?: ResultKey;
}

/** A result's place in the ranking: its score, then its id; and the corrected query the pages are of, if any. */
export interface ResultKey {
  score: number;
  id: string;
  query?: string;
}

export interface Found<T> {
  items: T[];
  /** Each item's key, for the bookmark of the next page. */
  keys: ResultKey[];
}

/** People by the start of their words (the share suggestions' typeahead, collaborators/share-suggestions.ts). */
export interface PeopleByPrefix {
  /**
   * The typed words (share-suggestions.rules.ts typedWordsOf), the longest first: each must
   * start a word of the person's username or full name. The first is read as a prefix range.
   */
  words: readonly string[];
  /** Only these people (whom the viewer follows, a bounded list), when given. */
  among?: readonly string[];
  /** Never these (the viewer, the board's members, people already offered). */
  except: readonly string[];
  limit: number;
}

export interface SearchIndex {
  // ---- the read model's writes (events, reindex) ----
  savePins(pins: readonly IndexedPin[]): Promise<void>;
  deletePin(pinId: string, at: Date): Promise<void>;
  movePins(pinIds: readonly string[], boardId: string, at: Date): Promise<void>;
  saveBoard(board: IndexedBoard): Promise<void>;
  deleteBoard(boardId: string, at: Date): Promise<void>;
  setMember(boardId: string, userId: string, member: boolean, at: Date): Promise<void>;
  savePerson(person: IndexedPerson): Promise<void>;
  setDeactivated(userId: string, deactivated: boolean, at: Date): Promise<void>;

  // ---- queries ----
  /** Pins matching every word of the query (stemmed, accents folded), the best of its newest matches first. */
  pins(searcher: Searcher, request: SearchRequest, filters: PinFilters): Promise<Found<SearchPin>>;
  /** The query with each word no pin was saved with replaced by the known word most like it; null when nothing changes. */
  correctQuery(query: string): Promise<string | null>;
  boards(searcher: Searcher, request: SearchRequest): Promise<Found<SearchBoard>>;
  /**
   * A board's pins of these colours that the searcher may see, newest first, after `after` (the
   * last one's time in ms and id): the colour filter of a board page.
   */
  boardPinsByColor(searcher: Searcher, boardId: string, colors: readonly PaletteColor[], after: { at: number; id: string } | undefined, limit: number): Promise<SearchPin[]>;
  users(request: SearchRequest): Promise<Found<SearchUser>>;
  /**
   * Queries to suggest for a term being typed: the titles (lower case) of pins the searcher may
   * see that begin with it, accents folded, the most used first.
   */
  suggestQueries(searcher: Searcher, term: string, limit: number): Promise<string[]>;
  /**
   * Names of boards the searcher may see holding pins that share words with `text` (a pin's title
   * and description), other than the pin `exceptPinId`; the most common first.
   */
  similarBoardNames(searcher: Searcher, text: string, exceptPinId: string, limit: number): Promise<string[]>;
  /** Whether the person owns or collaborates on a board that others may not see (their searches then differ from the public's). */
  seesPrivate(userId: string): Promise<boolean>;
  /**
   * People not deactivated whose username's or full name's words each typed word starts (accents
   * and case folded): ids, those whose matching word comes first alphabetically first. A bounded
   * read: a prefix so common that its first words are all someone else's finds fewer.
   */
  peopleByPrefix(query: PeopleByPrefix): Promise<string[]>;
  /** Hashtags beginning with a prefix (folded, without `#`), each with the pins of it the searcher may see, the most used first. */
  suggestHashtags(searcher: Searcher, prefix: string, limit: number): Promise<{ tag: string; pinCount: number }[]>;
}
