import type { CampaignServingV1, ServedCampaign } from '@pinhive/contracts';
import { ServedToday } from './served-today';

const campaign = (campaignId: string, over: Partial<CampaignServingV1> = {}): ServedCampaign => ({
  c: { campaignId, live: true, status: 'ACTIVE', startDate: '2026-11-28', endDate: null, budgetReachedOn: null, ...over } as CampaignServingV1,
  words: new Set(),
});
const ids = (served: readonly ServedCampaign[]) => served.map((s) => s.c.campaignId);

describe('the campaigns served today', () => {
  it('are those of the set contracts servesOn takes on that day, worked out again on the next day and after a new read', () => {
    const today = new ServedToday<ServedCampaign>();
    expect(today.on(new Date('2026-11-29T10:00:00Z'))).toEqual([]);
    today.set([
      campaign('running'),
      campaign('budget-reached', { budgetReachedOn: '2026-11-29' }),
      campaign('paused', { status: 'PAUSED' }),
      campaign('ends-today', { endDate: '2026-11-29' }),
    ]);
    expect(ids(today.on(new Date('2026-11-29T10:00:00Z')))).toEqual(['running', 'ends-today']);
    // The same answer all day; the next day the budget's campaign is back and the ended one gone.
    expect(today.on(new Date('2026-11-29T23:59:59Z'))).toBe(today.on(new Date('2026-11-29T10:00:00Z')));
    expect(ids(today.on(new Date('2026-11-30T00:00:00Z')))).toEqual(['running', 'budget-reached']);
    today.set([campaign('new')]);
    expect(ids(today.on(new Date('2026-11-30T00:00:00Z')))).toEqual(['new']);
  });
});
