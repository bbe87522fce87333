import { describe, expect, it } from '@jest/globals';
import { isRecentAccount, promoteHref, shareHref, showsPromote } from './success';

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
    expect(showsPromote({ type: 'AUTH', createdAt: old }, now)).toBe(true);
    expect(showsPromote({ type: 'AUTH', createdAt: recent }, now)).toBe(false);
    expect(showsPromote({ type: 'AUTH', createdAt: undefined }, now)).toBe(false);
    expect(showsPromote({ type: 'PARTNER', createdAt: old }, now)).toBe(false);
    expect(showsPromote(null, now)).toBe(false);
    expect(isRecentAccount(new Date(now - 28 * DAY).toISOString(), now)).toBe(false);
  });
});
