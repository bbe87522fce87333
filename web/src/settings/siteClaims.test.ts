import { describe, expect, it } from '@jest/globals';
import type { SiteClaim } from '@pinhive/contracts';
import { withClaim, withoutClaim } from './siteClaims';

const claim = (domain: string, status: SiteClaim['status'] = 'pending'): SiteClaim => ({
  domain,
  status,
  token: `token-${domain}`,
  meta_tag: `<meta name="pinhive-site-verification" content="token-${domain}">`,
  created_at: '2026-11-28T09:00:00.000Z',
  verified_at: status === 'verified' ? '2026-11-28T09:05:00.000Z' : null,
});

describe('the claims list as the settings page keeps it', () => {
  it('adds a new claim at the end, and puts a verified one in its place', () => {
    const list = [claim('a.example'), claim('b.example')];
    expect(withClaim(list, claim('c.example')).map((c) => c.domain)).toEqual(['a.example', 'b.example', 'c.example']);
    const verified = withClaim(list, claim('a.example', 'verified'));
    expect(verified.map((c) => [c.domain, c.status])).toEqual([['a.example', 'verified'], ['b.example', 'pending']]);
    // The list it was given is not changed.
    expect(list[0]!.status).toBe('pending');
  });

  it('drops a removed claim, and nothing else', () => {
    const list = [claim('a.example'), claim('b.example', 'verified')];
    expect(withoutClaim(list, 'b.example')).toEqual([list[0]]);
    expect(withoutClaim(list, 'c.example')).toEqual(list);
  });
});
