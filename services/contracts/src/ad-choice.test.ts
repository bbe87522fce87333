import { ageBucketOf } from './ad-audience';
import type { TargetingSpec } from './quick-promote';
import { campaignWordsOf, chooseCampaigns, type ChoiceOf, type ServedCampaign } from './ad-choice';
import { targets } from './ad-choice';
import type { CampaignServingV1 } from './events';

const spec = (over: Partial<TargetingSpec> = {}): TargetingSpec => ({ GEO: ['SE', 'NO'], AGE_BUCKET: [], GENDER: [], INTEREST: [], ...over });

describe('targeting', () => {
  it('takes in viewers of its countries only', () => {
    expect(targets(spec(), false, { country: 'SE' })).toBe(true);
    expect(targets(spec(), false, { country: 'US' })).toBe(false);
    expect(targets(spec(), true, { country: 'US' })).toBe(false);
  });

  it('shows a viewer of unknown country only campaigns with auto targeting', () => {
    expect(targets(spec(), false, { country: null })).toBe(false);
    expect(targets(spec(), true, { country: null })).toBe(true);
  });

  it('narrows by age, gender and interests to viewers known to match; the unknown only under auto targeting', () => {
    const narrow = spec({ AGE_BUCKET: ['25-34'], GENDER: ['female'], INTEREST: ['home'] });
    expect(targets(narrow, false, { country: 'SE', ageBucket: '25-34', gender: 'female', interests: ['home', 'art'] })).toBe(true);
    expect(targets(narrow, false, { country: 'SE', ageBucket: '35-44', gender: 'female', interests: ['home'] })).toBe(false);
    expect(targets(narrow, false, { country: 'SE', ageBucket: '25-34', gender: 'male', interests: ['home'] })).toBe(false);
    expect(targets(narrow, false, { country: 'SE', ageBucket: '25-34', gender: 'female', interests: ['art'] })).toBe(false);
    expect(targets(narrow, false, { country: 'SE' })).toBe(false);
    expect(targets(narrow, true, { country: 'SE' })).toBe(true);
    expect(targets(narrow, true, { country: 'SE', gender: 'male' })).toBe(false);
  });

  it('takes in a viewer of unknown gender where the list names unknown (the form names all three by default)', () => {
    expect(targets(spec({ GENDER: ['female', 'male', 'unknown'] }), false, { country: 'SE' })).toBe(true);
    expect(targets(spec({ GENDER: ['unknown'] }), false, { country: 'SE', gender: null })).toBe(true);
    expect(targets(spec({ GENDER: ['unknown'] }), false, { country: 'SE', gender: 'female' })).toBe(false);
    expect(targets(spec({ GENDER: ['female', 'male'] }), false, { country: 'SE' })).toBe(false);
    expect(targets(spec({ GENDER: ['female', 'male'] }), true, { country: 'SE' })).toBe(true);
  });

  it('serves a 25-34 female campaign to a woman of 30 from her registration facts, not to a man of 50', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const narrow = spec({ AGE_BUCKET: ['25-34'], GENDER: ['female'] });
    const her = { country: 'SE', ageBucket: ageBucketOf('1996-05-01', now), gender: 'female' as const };
    const him = { country: 'SE', ageBucket: ageBucketOf('1976-05-01', now), gender: 'male' as const };
    expect(targets(narrow, false, her)).toBe(true);
    expect(targets(narrow, false, him)).toBe(false);
    expect(targets(narrow, true, him)).toBe(false);
  });

  it('takes in a viewer any of whose inferred interests the campaign names', () => {
    const crafts = spec({ INTEREST: ['diy', 'art'] });
    expect(targets(crafts, false, { country: 'SE', interests: ['food', 'art'] })).toBe(true);
    expect(targets(crafts, false, { country: 'SE', interests: ['food'] })).toBe(false);
    expect(targets(crafts, false, { country: 'SE', interests: [] })).toBe(false);
    expect(targets(crafts, true, { country: 'SE', interests: [] })).toBe(true);
  });
});

describe('choosing the campaigns of a page', () => {
  /** A live campaign of `pinId`, SE, no other targeting, the advertiser's people `owner`. */
  function served(campaignId: string, pinId: string, over: Partial<CampaignServingV1> = {}): ServedCampaign {
    const c: CampaignServingV1 = {
      campaignId, adGroupId: `g-${campaignId}`, adId: `a-${campaignId}`, advertiserId: 'adv-1', advertiserName: 'Shop', pinId,
      live: true, status: 'ACTIVE', startDate: '2026-11-28', endDate: null, budgetReachedOn: null,
      targeting: spec({ GEO: ['SE'] }), autoTargeting: false, memberIds: ['owner'],
      destinationUrl: 'https://shop.example/', createdAt: '2026-11-28T00:00:00.000Z',
      creative: { title: `Lamp ${pinId}`, description: '', imageUrl: '/x.png', width: 236, height: 300, dominantColor: '#aabbcc', pinnerId: 'owner', boardId: 'b1', boardName: 'Ideas', origUrl: '/x.png', origWidth: 600, origHeight: 800 },
      ...over,
    };
    return { c, words: campaignWordsOf(c) };
  }
  const inOrder: ChoiceOf['pick'] = (items, count) => items.slice(0, count);
  const reversed: ChoiceOf['pick'] = (items, count) => [...items].reverse().slice(0, count);
  const ask = (over: Partial<ChoiceOf> = {}): ChoiceOf => ({ viewerId: 'viewer', facts: { country: 'SE' }, placement: 'home_feed', count: 2, pick: inOrder, ...over });
  const ids = (chosen: ServedCampaign[]) => chosen.map((s) => s.c.campaignId);

  const day = [
    served('c1', 'p1'),
    served('c2', 'p1'), // a second campaign of p1: never beside the first on a page
    served('c3', 'p3', { targeting: spec({ GEO: ['NO'] }) }),
    served('c4', 'p4'),
    served('c5', 'p5', { memberIds: ['owner', 'viewer'] }),
    served('c6', 'p6'),
  ];

  it.each([
    ['the first `count` of the picked order, one per pin', ask(), ['c1', 'c4']],
    ['another order, another choice', ask({ pick: reversed }), ['c6', 'c4']],
    ['fewer when fewer are shown to the viewer', ask({ count: 10 }), ['c1', 'c4', 'c6']],
    ['never the advertiser\'s own people', ask({ viewerId: 'owner', count: 10 }), []],
    ['a campaign of one\'s own advertiser left out, the others not', ask({ pick: reversed, count: 3 }), ['c6', 'c4', 'c2']],
    ['by the targeting: a viewer in Norway', ask({ facts: { country: 'NO' }, count: 10 }), ['c3']],
    ['nothing asked, nothing chosen', ask({ count: 0 }), []],
  ])('%s', (_what, choice, expected) => {
    expect(ids(chooseCampaigns(day, choice))).toEqual(expected);
  });

  it('beside a search: only those its words answer, the most answered first', () => {
    const lamps = [served('c1', 'p1', { creative: { ...day[0]!.c.creative, title: 'Brass floor lamp' } }), served('c2', 'p2', { creative: { ...day[0]!.c.creative, title: 'Reading lamp' } }), served('c3', 'p3', { creative: { ...day[0]!.c.creative, title: 'Garden shed' } })];
    expect(ids(chooseCampaigns(lamps, ask({ placement: 'search', query: 'brass lamps', count: 5 })))).toEqual(['c1', 'c2']);
    expect(ids(chooseCampaigns(lamps, ask({ placement: 'search', query: 'lamp', count: 5, pick: reversed })))).toEqual(['c2', 'c1']);
    expect(ids(chooseCampaigns(lamps, ask({ placement: 'search', query: 'wedding', count: 5 })))).toEqual([]);
    expect(ids(chooseCampaigns(lamps, ask({ placement: 'search', query: '', count: 5 })))).toEqual([]);
  });
});
