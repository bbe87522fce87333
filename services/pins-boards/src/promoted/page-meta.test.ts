import { pageAdsMetaSchema, promotedPinOf, searchPageMetaSchema, type CampaignServingV1 } from '@pinhive/contracts';
import { JsonText } from '@pinhive/kit';
import { pageMetaWith } from './page-meta';

const c: CampaignServingV1 = {
  campaignId: 'c1', adGroupId: 'g1', adId: 'a1', advertiserId: 'adv', advertiserName: 'Shop "Nord"', pinId: 'p1',
  live: true, status: 'ACTIVE', startDate: '2026-11-28', endDate: null, budgetReachedOn: null,
  targeting: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] }, autoTargeting: false, memberIds: ['owner'],
  destinationUrl: 'https://shop.example/?a=1&b=2', createdAt: '2026-11-28T00:00:00.000Z',
  creative: { title: 'Lamp', description: 'Brass\nlamp', imageUrl: '/media/236x/x.png', width: 236, height: 300, dominantColor: '#aabbcc', pinnerId: 'owner', boardId: 'b1', boardName: 'Ideas', origUrl: '/media/orig/x.png', origWidth: 600, origHeight: 800 },
};
const item = JSON.stringify(promotedPinOf(c, 'body.sig'));
const parsed = (meta: unknown) => JSON.parse((meta as JsonText).bytes.toString('utf8')) as unknown;

describe("a page's meta with its promoted pins", () => {
  it('is JSON text of its own fields and the items as promotedPinOf makes them', () => {
    const meta = pageMetaWith({ corrected_query: 'lamp' }, [item, item]);
    expect(meta).toBeInstanceOf(JsonText);
    expect(parsed(meta)).toEqual({ corrected_query: 'lamp', promoted: [promotedPinOf(c, 'body.sig'), promotedPinOf(c, 'body.sig')] });
    expect(searchPageMetaSchema.parse(parsed(meta))).toEqual({ corrected_query: 'lamp' });
    expect(pageAdsMetaSchema.parse(parsed(pageMetaWith({}, [item]))).promoted).toHaveLength(1);
  });

  it('says promoted: [] when asked and none served, and nothing when neither', () => {
    expect(parsed(pageMetaWith({}, []))).toEqual({ promoted: [] });
    expect(pageMetaWith({}, undefined)).toBeUndefined();
    expect(pageMetaWith({ corrected_query: 'x' }, undefined)).toEqual({ corrected_query: 'x' });
  });
});
