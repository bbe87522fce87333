import { LRUCache } from 'lru-cache';
import { looksLikeEmail, SHARE_SUGGESTIONS_MAX, type ShareSuggestion, type UserSummary } from '@pinhive/contracts';
import type { Logger, Viewer } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardFacts } from '../boards/board.model';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';
import { authorizeAdvertised } from '../boards/board.policy';
import { byLastSaved } from '../boards/board-order';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { SearchIndex } from '../search/search.index';
import type { People } from '../shared/people';
import { emailSuggestion, personMatches, personSuggestion, typedWordsOf, usernameOf } from './share-suggestions.rules';

/** Collaborative boards of the viewer read for suggestions: the most recently saved to. */
export const SUGGESTION_BOARDS_READ = 10;
/**
 * People the viewer follows that the typeahead looks among first: the newest follows, this many
 * at most (five buckets of their following list, read by key; the search index is then asked
 * which of them match, by their ids). Someone followed longer ago is still found, after the
 * people the viewer collaborates with.
 */
export const SUGGESTION_FOLLOWS_READ = 500;
/** How long a viewer's suggested and followed people are kept: the typeahead asks on every pause in typing. */
const SUGGESTED_TTL_MS = 30_000;

export interface ShareSuggestionDeps {
  lists: BoardListRepository;
  facts: (boardId: string) => Promise<BoardFacts | null>;
  profiles: ProfileRepository;
  people: People;
  /** The viewer's role for the advertiser a board was made for (the board policy's `invite`). */
  advertisers: Pick<AdvertiserAccess, 'withRole'>;
  /** Whom a person follows, the newest first, at most `max` (FollowService.followeeIds). */
  following: (userId: string, max: number) => Promise<string[]>;
  /** People by the start of their words (the search index, PostgreSQL): when it fails, the typeahead answers without it. */
  index: Pick<SearchIndex, 'peopleByPrefix'>;
  logger: Pick<Logger, 'warn'>;
}

/**
 * ShareSuggestionsResource and its typeahead (section 3's collaborator suggestion). The pins
 * store answers only equality on indexed fields, so what it gives is read by key: the viewer's
 * board list (by owner id), the facts of its SUGGESTION_BOARDS_READ collaborative boards saved
 * to last (by board id: their owners and collaborators), the one account whose username is
 * exactly the term (the indexed `username`), and whom the viewer follows (their following
 * list's newest buckets). People by the start of a word of their username or name are the
 * search index's (search_people_words, a prefix range): the typeahead offers the exact username,
 * then the people the viewer follows who match, then those they collaborate with who match
 * (filtered in memory), then anyone else who matches. Without the search index it answers with
 * what the store gives, as it did before the index had people's words.
 */
export class ShareSuggestions {
  private readonly suggested = new LRUCache<string, string[]>({ max: 10_000, ttl: SUGGESTED_TTL_MS });
  private readonly followed = new LRUCache<string, string[]>({ max: 10_000, ttl: SUGGESTED_TTL_MS });

  constructor(private readonly deps: ShareSuggestionDeps) {}

  /** People the viewer collaborates with, the boards saved to last first: ids, without the viewer, at most SHARE_SUGGESTIONS_MAX. */
  private async collaboratorsOf(viewer: Viewer): Promise<string[]> {
    const kept = this.suggested.get(viewer.userId);
    if (kept) return kept;
    const boards = byLastSaved((await this.deps.lists.entries(viewer.userId)).filter((e) => e.collaborative)).slice(0, SUGGESTION_BOARDS_READ);
    const ids = new Set<string>();
    for (const entry of boards) {
      const facts = await this.deps.facts(entry.id);
      if (!facts || facts.deletedAt) continue;
      for (const id of [facts.ownerId, ...facts.collaboratorIds]) if (id !== viewer.userId) ids.add(id);
    }
    const found = [...ids].slice(0, SHARE_SUGGESTIONS_MAX);
    this.suggested.set(viewer.userId, found);
    return found;
  }

  /** Whom the viewer follows, the newest first, at most SUGGESTION_FOLLOWS_READ. */
  private async followedBy(viewer: Viewer): Promise<string[]> {
    const kept = this.followed.get(viewer.userId);
    if (kept) return kept;
    const found = await this.deps.following(viewer.userId, SUGGESTION_FOLLOWS_READ);
    this.followed.set(viewer.userId, found);
    return found;
  }

  /** Members of the board the suggestions are for (its owner only may ask): no use suggesting them. */
  private async membersOf(viewer: Viewer, boardId: string | undefined): Promise<Set<string>> {
    if (boardId === undefined) return new Set();
    const facts = await this.deps.advertisers.withRole(viewer, await this.deps.facts(boardId));
    authorizeAdvertised(viewer, 'invite', facts);
    return new Set([facts.ownerId, ...facts.collaboratorIds]);
  }

  private async people(ids: readonly string[]): Promise<UserSummary[]> {
    // A placeholder (no profile yet, or deactivated) has no username: not offered.
    return (await Promise.all(ids.map((id) => this.deps.people.get(id)))).filter((p) => p.username !== '');
  }

  async suggestions(viewer: Viewer, options: { board_id?: string; count: number }): Promise<ShareSuggestion[]> {
    const members = await this.membersOf(viewer, options.board_id);
    const ids = (await this.collaboratorsOf(viewer)).filter((id) => !members.has(id)).slice(0, options.count);
    return (await this.people(ids)).map((p) => personSuggestion(p, 'user_share_suggestion'));
  }

  /**
   * An address: its row alone. Otherwise the exact username first, then the people the viewer
   * follows whose words the typed words start, then the people they collaborate with who match,
   * then anyone else who matches; never the viewer, the board's members or the deactivated.
   */
  async typeahead(viewer: Viewer, options: { term: string; board_id?: string; count: number }): Promise<ShareSuggestion[]> {
    if (looksLikeEmail(options.term)) return [emailSuggestion(options.term)];
    const members = await this.membersOf(viewer, options.board_id);
    const offered = new Set([viewer.userId, ...members]);
    const rows: ShareSuggestion[] = [];
    const offer = async (ids: readonly string[], type: 'user' | 'user_share_suggestion') => {
      const fresh = ids.filter((id) => !offered.has(id)).slice(0, options.count - rows.length);
      for (const id of fresh) offered.add(id);
      rows.push(...(await this.people(fresh)).map((p) => personSuggestion(p, type)));
    };
    const username = usernameOf(options.term);
    const exact = username ? await this.deps.profiles.findByUsername(username) : null;
    if (exact && !exact.deactivatedAt) await offer([exact._id], 'user');

    const words = typedWordsOf(options.term);
    const search = this.searcher(words, offered);
    if (words.length > 0 && rows.length < options.count) {
      const followed = await this.followedBy(viewer);
      await offer(await search({ among: followed, limit: options.count }), 'user');
    }
    const candidates = (await this.collaboratorsOf(viewer)).filter((id) => !offered.has(id));
    const matching = (await this.people(candidates)).filter((p) => personMatches(p, options.term)).map((p) => p.id);
    await offer(matching, 'user_share_suggestion');
    if (words.length > 0 && rows.length < options.count) await offer(await search({ limit: options.count - rows.length }), 'user');
    return rows;
  }

  /**
   * The search index's people for these typed words, other than those offered so far. When it
   * fails (its database away), a warning and no one: the typeahead answers with what the store
   * gives, and asks it no more for this term.
   */
  private searcher(words: string[], offered: ReadonlySet<string>): (query: { among?: readonly string[]; limit: number }) => Promise<string[]> {
    let down = false;
    return async (query) => {
      if (down || words.length === 0) return [];
      try {
        return await this.deps.index.peopleByPrefix({ words, except: [...offered], ...query });
      } catch (err) {
        down = true;
        this.deps.logger.warn({ err }, 'share suggestions without the search index: only the exact username and collaborators are offered');
        return [];
      }
    };
  }
}
