import { describe, expect, it } from '@jest/globals';
import type { Advertiser } from '@pinhive/contracts';
import { promotingAdvertiser } from './advertiser';
import { pinIdParam, quickPromotePath } from './paths';

const advertiser = (id: string, role: Advertiser['role']): Advertiser => ({ id, name: `A${id}`, owner_id: '1', role, member_count: 1, created_at: '2026-01-01T00:00:00Z' });

describe('promotingAdvertiser', () => {
  it('is the one acted for, else the first owned, else the first listed, else none', () => {
    expect(promotingAdvertiser(advertiser('9', 'member'), [advertiser('1', 'owner')])?.id).toBe('9');
    expect(promotingAdvertiser(null, [advertiser('2', 'member'), advertiser('3', 'owner')])?.id).toBe('3');
    expect(promotingAdvertiser(null, [advertiser('2', 'member')])?.id).toBe('2');
    expect(promotingAdvertiser(null, [])).toBeNull();
  });
});

describe('the route', () => {
  it('takes digits as the pin id', () => {
    expect(pinIdParam('123')).toBe('123');
    expect(pinIdParam('12a')).toBeNull();
    expect(pinIdParam(null)).toBeNull();
    expect(quickPromotePath('42')).toBe('/advertiser/quick_promote?pinId=42');
    expect(quickPromotePath(null)).toBe('/advertiser/quick_promote');
  });
});
