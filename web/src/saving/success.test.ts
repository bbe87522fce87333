import { describe, expect, it } from '@jest/globals';
import { SITE_IDS, type Board } from '@pinhive/contracts';
import { isRecentAccount, promoteHref, relatedBoardOf, relatedBoardOptions, shareHref, showsPinPreview, showsPromote } from './success';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2025-06-01T00:00:00Z');
const old = new Date(now - 60 * DAY).toISOString();
const recent = new Date(now - 3 * DAY).toISOString();

describe('success dialog', () => {
  it('links Send and Promote', () => {
    expect(shareHref('12')).toBe('/pin/12/?share=true');
    const href = promoteHref('12');
    expect(new URLSearchParams(href.split('?').slice(1).join('?')).get('next')).toBe('/advertiser/quick_promote?pinId=12');
  });
  it('promotes only for authenticated non-partners whose account is not recent', () => {
    expect(showsPromote({ type: 'AUTH', createdAt: old }, SITE_IDS.www, now)).toBe(true);
    expect(showsPromote({ type: 'AUTH', createdAt: recent }, SITE_IDS.www, now)).toBe(false);
    expect(showsPromote({ type: 'AUTH', createdAt: undefined }, SITE_IDS.www, now)).toBe(false);
    expect(showsPromote({ type: 'PARTNER', createdAt: old }, SITE_IDS.www, now)).toBe(false);
    expect(showsPromote(null, SITE_IDS.www, now)).toBe(false);
    expect(isRecentAccount(new Date(now - 28 * DAY).toISOString(), now)).toBe(false);
  });
  it('does not promote a pin saved on the advertiser console (site type 3)', () => {
    expect(showsPromote({ type: 'AUTH', createdAt: old }, SITE_IDS.sterling, now)).toBe(false);
    expect(showsPromote({ type: 'AUTH', createdAt: old }, SITE_IDS.phoneTablet, now)).toBe(true);
  });
});

describe('the related-board lookup', () => {
  const board = { id: '7', name: 'Lamps', url: '/ada/lamps/' } as Board;

  it('asks for one board for the saved pin', () => {
    expect(relatedBoardOptions('12')).toEqual({ pin: '12', page_size: 1 });
  });

  it('is loading, then empty or has a board; the preview hides only for a board', () => {
    const loading = relatedBoardOf({ status: 'pending' });
    expect(loading).toEqual({ state: 'loading' });
    expect(showsPinPreview(loading)).toBe(true);
    const empty = relatedBoardOf({ status: 'success', data: [] });
    expect(empty).toEqual({ state: 'empty' });
    expect(showsPinPreview(empty)).toBe(true);
    const found = relatedBoardOf({ status: 'success', data: [board] });
    expect(found).toEqual({ state: 'board', board });
    expect(showsPinPreview(found)).toBe(false);
  });

  it('ignores errors: a failed lookup is an empty one, even with an answer from before', () => {
    expect(relatedBoardOf({ status: 'error' })).toEqual({ state: 'empty' });
    expect(relatedBoardOf({ status: 'error', data: [board] })).toEqual({ state: 'empty' });
  });
});
