import type { AdPlacement, PromotedPin } from './ad-serving';
import { foldedWords, wordForms, type KnownGender } from './ad-audience';
import type { CampaignServingV1 } from './events';
import type { AgeBucket, Interest, TargetingSpec } from './quick-promote';

/*
 * Which promoted pins a viewer is served (issue 25), as one set of pure rules: ads' own serve call
 * (`GET /ads/v4/serve/`), and pins-boards' home feed and search pages from its read model of ads'
 * `ads.campaign.serving.v1` (docs/decisions/ad-serving.md). Who is shown what: never the
 * advertiser's own people; then the campaign's targeting against the viewer's facts; beside a
 * search, only pins whose words answer the query's.
 */

/**
 * The most campaigns a serving set holds (ads reads its live ones, pins-boards its read model of
 * them, up to this): beyond it the set needs sharding, by advertiser or by targeting key.
 */
export const SERVING_CAMPAIGNS_MAX = 5_000;

/**
 * How long serving keeps a viewer's facts (ads for its serve call, pins-boards for its pages): the
 * country, birthday and gender never change after the registration, and an interest a save adds
 * is served on within this. Facts this old are never used: the page waits for a read.
 *
 * Ten minutes, not one: with a minute, every active viewer's facts were read from the store again
 * each minute, and those reads (in the home feed's pages with ads only) were what made the pages
 * with ads 1.2 to 1.4 times the pages without in issue 25's benchmark; kept past the run, 1.0 to
 * 1.1 (docs/decisions/ad-serving.md).
 */
export const VIEWER_FACTS_TTL_MS = 10 * 60_000;
/**
 * Facts older than VIEWER_FACTS_TTL_MS less a margin drawn between these (so 4 to 8 minutes old)
 * are read again in the background, the page going on with the kept ones: a viewer seen at least
 * every 2 minutes never waits for the store, and viewers first seen together are not read again together.
 */
export const VIEWER_FACTS_REFRESH_MARGIN_MS = { min: 2 * 60_000, max: 6 * 60_000 } as const;

/**
 * What serving knows of a viewer: the country, birthday and gender from auth's registration
 * event, the age group computed from the birthday when serving, interests inferred from their
 * saves (docs/decisions/ad-serving.md "Who is shown what"). Null or absent: not known.
 */
export interface ViewerFacts {
  country: string | null;
  ageBucket?: AgeBucket | null;
  gender?: KnownGender | null;
  interests?: readonly Interest[];
}

/**
 * Whether a campaign's targeting takes in a viewer (issue 25: country, age group, gender and
 * interests as the form sets them). The country must be one of the campaign's; a viewer whose
 * country is unknown is shown only campaigns with auto targeting (which widens the audience).
 * An age, gender or interest list narrows the audience to viewers known to match; viewers of
 * whom it is not known count as matching only under auto targeting. An empty list is everyone.
 * A viewer of unknown gender is GENDERS' 'unknown': a list naming it takes them in (the form's
 * default names all three genders).
 */
export function targets(spec: TargetingSpec, autoTargeting: boolean, viewer: ViewerFacts): boolean {
  if (viewer.country ? !spec.GEO.includes(viewer.country) : !autoTargeting) return false;
  const fits = (wanted: readonly string[], known: readonly string[] | null | undefined) => {
    if (wanted.length === 0) return true;
    if (!known || known.length === 0) return autoTargeting;
    return known.some((k) => wanted.includes(k));
  };
  const genderFits = viewer.gender ? fits(spec.GENDER, [viewer.gender]) : spec.GENDER.includes('unknown') || fits(spec.GENDER, null);
  return fits(spec.AGE_BUCKET, viewer.ageBucket ? [viewer.ageBucket] : null)
    && genderFits
    && fits(spec.INTEREST, viewer.interests ?? null);
}

/*
 * Which promoted pins belong beside a search. A quick promotion has no keywords of its own, so
 * its words are the pin's: title, description and board name (and its targeted interests).
 * A promoted pin is served beside a search only when one of its words answers one of the
 * query's; the more of the query's words it answers, the sooner. A search nothing answers has
 * no promoted pin: an unrelated ad among results reads as noise, and the advertiser pays for it.
 * Words match as interests do (`wordForms`): accents, case and English plurals aside.
 */

/** Words of at most this many characters are left out ("a", "of", a possessive's "s"): they answer everything. */
const SHORTEST = 2;

const longEnough = (word: string) => word.length > SHORTEST;

/** A promoted pin's words, each in all its forms: what a search's words are looked up in. */
export function adWordsOf(...texts: readonly (string | null | undefined)[]): Set<string> {
  return new Set(texts.flatMap((text) => foldedWords(text).filter(longEnough).flatMap(wordForms)));
}

/** A campaign's words (its pin's title, description, board name, and its targeted interests): computed once per campaign, not per serve. */
export const campaignWordsOf = (c: Pick<CampaignServingV1, 'creative' | 'targeting'>): Set<string> =>
  adWordsOf(c.creative.title, c.creative.description, c.creative.boardName, ...c.targeting.INTEREST);

/** A search's words, each with its forms (a word answers when any of its forms is a pin's). */
export function queryWordsOf(query: string | null | undefined): string[][] {
  return [...new Set(foldedWords(query).filter(longEnough))].map(wordForms);
}

/** How many of the query's words a promoted pin's words answer (0: not beside this search). */
export function relevance(query: readonly (readonly string[])[], words: ReadonlySet<string>): number {
  return query.filter((forms) => forms.some((form) => words.has(form))).length;
}

/**
 * Whether a campaign is served on `today` (YYYY-MM-DD, UTC): live, ACTIVE, within its days, and
 * its budget not reached today (a new day starts it again).
 */
export function servesOn(c: Pick<CampaignServingV1, 'live' | 'status' | 'startDate' | 'endDate' | 'budgetReachedOn'>, today: string): boolean {
  return c.live && c.status === 'ACTIVE' && c.startDate <= today && (c.endDate === null || today <= c.endDate) && c.budgetReachedOn !== today;
}

/** A campaign as serving chooses among them: its serving record and its words (campaignWordsOf, once). */
export interface ServedCampaign {
  c: CampaignServingV1;
  words: ReadonlySet<string>;
}

export interface ChoiceOf {
  /** The signed-in viewer's id (their advertisers' ads are never theirs to see), if any. */
  viewerId?: string;
  facts: ViewerFacts;
  placement: AdPlacement;
  /** The search typed (placement search). */
  query?: string;
  count: number;
  /** Picks `count` of the candidates in the order served: random for serving, as given in tests. */
  pick: <T>(candidates: readonly T[], count: number) => T[];
}

/**
 * Up to `count` of the campaigns being served (`servesOn` already applied) for a viewer, one per
 * pin (two campaigns of one pin would show it twice on a page). Beside a search only those whose
 * words answer it, the most answered first, random among equals; none for a search without words.
 */
export function chooseCampaigns<C extends ServedCampaign>(serving: readonly C[], ask: ChoiceOf): C[] {
  const shown = ({ c }: C) => !(ask.viewerId !== undefined && c.memberIds.includes(ask.viewerId)) && targets(c.targeting, c.autoTargeting, ask.facts);
  const ranked = ask.placement === 'search' ? rankedBeside(ask.query, serving, ask.pick) : ask.pick(serving, serving.length);
  // Each looked at in that order only until `count` are found: a page asks for one or two of the
  // day's campaigns, and the targeting of every one of them was most of a page's cost.
  const chosen: C[] = [];
  for (const s of ranked) {
    if (chosen.length === ask.count) break;
    if (!chosen.some((x) => x.c.pinId === s.c.pinId) && shown(s)) chosen.push(s);
  }
  return chosen;
}

/** The campaigns a search's words answer, the most answered first, in the picked order among equals (none for a search without words). */
function rankedBeside<C extends ServedCampaign>(query: string | undefined, serving: readonly C[], pick: ChoiceOf['pick']): C[] {
  const asked = queryWordsOf(query);
  if (asked.length === 0) return [];
  const scored = serving.flatMap((s) => {
    const score = relevance(asked, s.words);
    return score > 0 ? [{ s, score }] : [];
  });
  // A stable sort keeps the picked order within a score.
  return pick(scored, scored.length).sort((a, b) => b.score - a.score).map(({ s }) => s);
}

/** Shuffles the candidates (Fisher-Yates) and keeps `count`: serving's pick. */
export function shuffledPick<T>(items: readonly T[], count: number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return count < out.length ? out.slice(0, count) : out;
}

/** A served campaign as the viewer's item: its pin as promoted, the sponsor line, and the token its impression and click send back. */
export function promotedPinOf(c: CampaignServingV1, token: string): PromotedPin {
  const k = c.creative;
  return {
    id: c.pinId, type: 'pin', title: k.title, description: k.description, link: c.destinationUrl, dominant_color: k.dominantColor,
    images: { '236x': { url: k.imageUrl, width: k.width, height: k.height }, orig: { url: k.origUrl, width: k.origWidth, height: k.origHeight } },
    board: { id: k.boardId, name: k.boardName }, pinner: { id: k.pinnerId }, created_at: c.createdAt,
    is_promoted: true,
    ad: { ad_id: c.adId, campaign_id: c.campaignId, destination_url: c.destinationUrl, sponsor: { advertiser_id: c.advertiserId, name: c.advertiserName, sponsorship_status: 'promoted' }, token },
  };
}
