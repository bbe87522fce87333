import { LRUCache } from 'lru-cache';
import { looksLikeEmail, SHARE_SUGGESTIONS_MAX, type ShareSuggestion, type UserSummary } from '@pinhive/contracts';
import type { Viewer } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardFacts } from '../boards/board.model';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';
import { authorizeAdvertised } from '../boards/board.policy';
import { byLastSaved } from '../boards/board-order';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { People } from '../shared/people';
import { emailSuggestion, personMatches, personSuggestion, usernameOf } from './share-suggestions.rules';

/** Collaborative boards of the viewer read for suggestions: the most recently saved to. */
export const SUGGESTION_BOARDS_READ = 10;
/** How long a viewer's suggested people are kept: the typeahead asks on every pause in typing. */
const SUGGESTED_TTL_MS = 30_000;

export interface ShareSuggestionDeps {
  lists: BoardListRepository;
  facts: (boardId: string) => Promise<BoardFacts | null>;
  profiles: ProfileRepository;
  people: People;
  /** The viewer's role for the advertiser a board was made for (the board policy's `invite`). */
  advertisers: Pick<AdvertiserAccess, 'withRole'>;
}

/**
 * ShareSuggestionsResource and its typeahead (section 3's collaborator suggestion). The store
 * answers only equality on indexed top-level fields (no prefix, no regex, no text search), so
 * there is no "people whose name starts with..." query: suggestions are a bounded set made from
 * what is read by key (the viewer's board list, by owner id; the facts of its
 * SUGGESTION_BOARDS_READ collaborative boards saved to last, by board id: their owners and
 * collaborators), filtered by prefix in memory, plus the one account whose username is exactly
 * the term (the indexed `username`). Anyone else is invited by username or by email.
 */
export class ShareSuggestions {
  private readonly suggested = new LRUCache<string, string[]>({ max: 10_000, ttl: SUGGESTED_TTL_MS });

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

  /** An address: its row alone. Otherwise the exact username first, then suggested people it matches. */
  async typeahead(viewer: Viewer, options: { term: string; board_id?: string; count: number }): Promise<ShareSuggestion[]> {
    if (looksLikeEmail(options.term)) return [emailSuggestion(options.term)];
    const members = await this.membersOf(viewer, options.board_id);
    const rows: ShareSuggestion[] = [];
    const username = usernameOf(options.term);
    const exact = username ? await this.deps.profiles.findByUsername(username) : null;
    if (exact && !exact.deactivatedAt && exact._id !== viewer.userId && !members.has(exact._id)) {
      rows.push(...(await this.people([exact._id])).map((p) => personSuggestion(p, 'user')));
    }
    const candidates = (await this.collaboratorsOf(viewer)).filter((id) => !members.has(id) && id !== exact?._id);
    const matching = (await this.people(candidates)).filter((p) => personMatches(p, options.term));
    rows.push(...matching.map((p) => personSuggestion(p, 'user_share_suggestion')));
    return rows.slice(0, options.count);
  }
}
