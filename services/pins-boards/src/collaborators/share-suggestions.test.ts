import type { UserSummary } from '@pinhive/contracts';
import type { PeopleByPrefix } from '../search/search.index';
import { ShareSuggestions, SUGGESTION_FOLLOWS_READ, type ShareSuggestionDeps } from './share-suggestions';
import { personMatches } from './share-suggestions.rules';

const viewer = { userId: 'u-viewer', sessionId: 's', username: 'bob_viewer', viewerType: 'AUTH' as const };
const at = new Date('2026-01-01T00:00:00Z');
const person = (id: string, username: string, fullName: string): UserSummary => ({ id, username, full_name: fullName, image_medium_url: null });

/** Everyone "bob" finds: the exact username, someone followed, a collaborator, anyone else, and the viewer. */
const everyone = [
  person('u-viewer', 'bob_viewer', 'Bob Viewer'),
  person('u-exact', 'bob', 'Bob Exact'),
  person('u-anyone', 'bobo_else', 'Bobo Else'),
  person('u-followed', 'bobbie_f', 'Bobbie Followed'),
  person('u-collab', 'bobby_c', 'Bobby Collab'),
];

/** The search index as the typeahead asks it, over `everyone`; or failing, as when its database is away. */
function fakeIndex(failing = false) {
  const asked: PeopleByPrefix[] = [];
  const peopleByPrefix = async (query: PeopleByPrefix): Promise<string[]> => {
    asked.push(query);
    if (failing) throw new Error('connect ECONNREFUSED');
    return everyone
      .filter((p) => personMatches(p, query.words.join(' ')) && !query.except.includes(p.id) && (!query.among || query.among.includes(p.id)))
      .map((p) => p.id)
      .slice(0, query.limit);
  };
  return { asked, index: { peopleByPrefix } };
}

function suggestionsWith(index: ShareSuggestionDeps['index']) {
  const warned: string[] = [];
  const follows: number[] = [];
  const deps = {
    // One collaborative board of the viewer's, with one collaborator.
    lists: { entries: async () => [{ id: 'b1', collaborative: true, lastSavedAt: at }] },
    facts: async () => ({ _id: 'b1', ownerId: viewer.userId, collaboratorIds: ['u-collab'], deletedAt: null }),
    profiles: { findByUsername: async (username: string) => (username === 'bob' ? { _id: 'u-exact', deactivatedAt: null } : null) },
    people: { get: async (id: string) => everyone.find((p) => p.id === id) ?? person(id, '', '') },
    advertisers: { withRole: async () => null },
    following: async (_userId: string, max: number) => {
      follows.push(max);
      return ['u-followed'];
    },
    index,
    logger: { warn: (_fields: unknown, message: string) => warned.push(message) },
  } as unknown as ShareSuggestionDeps;
  return { suggestions: new ShareSuggestions(deps), warned, follows };
}

describe('the share suggestions typeahead', () => {
  it('offers the exact username, then people followed, then collaborators, then anyone else; never the viewer', async () => {
    const { index, asked } = fakeIndex();
    const { suggestions, follows } = suggestionsWith(index);
    const rows = await suggestions.typeahead(viewer, { term: 'Bob', count: 5 });
    expect(rows.map((r) => [r.type, r.id])).toEqual([
      ['user', 'u-exact'], ['user', 'u-followed'], ['user_share_suggestion', 'u-collab'], ['user', 'u-anyone'],
    ]);
    // The followed people are a bounded list read by key; the index is asked among them, then for anyone not offered yet.
    expect(follows).toEqual([SUGGESTION_FOLLOWS_READ]);
    expect(asked[0]).toMatchObject({ words: ['bob'], among: ['u-followed'] });
    expect(asked[1]?.among).toBeUndefined();
    expect(asked[1]?.except).toEqual(expect.arrayContaining(['u-viewer', 'u-exact', 'u-followed', 'u-collab']));
  });

  it('stops at the count, asking no more than it needs', async () => {
    const { index, asked } = fakeIndex();
    const { suggestions } = suggestionsWith(index);
    expect((await suggestions.typeahead(viewer, { term: 'bob', count: 2 })).map((r) => r.id)).toEqual(['u-exact', 'u-followed']);
    expect(asked).toHaveLength(1);
  });

  it('without the search index, answers with what the store gives and warns, asking the index once', async () => {
    const { index, asked } = fakeIndex(true);
    const { suggestions, warned } = suggestionsWith(index);
    const rows = await suggestions.typeahead(viewer, { term: 'bob', count: 5 });
    expect(rows.map((r) => [r.type, r.id])).toEqual([['user', 'u-exact'], ['user_share_suggestion', 'u-collab']]);
    expect(asked).toHaveLength(1);
    expect(warned).toHaveLength(1);
  });

  it('a term without letters asks nothing of the index', async () => {
    const { index, asked } = fakeIndex();
    const { suggestions, follows } = suggestionsWith(index);
    expect(await suggestions.typeahead(viewer, { term: '42', count: 5 })).toEqual([]);
    expect(asked).toHaveLength(0);
    expect(follows).toHaveLength(0);
  });
});
