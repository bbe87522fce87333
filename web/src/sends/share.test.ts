import { describe, expect, it } from '@jest/globals';
import { matchesPerson, pinShareUrl, sharing, withSharing } from './share';

describe('the share sheet', () => {
  it('opens on share=true only, and closes keeping the rest of the query', () => {
    expect(sharing(new URLSearchParams('share=true'))).toBe(true);
    expect(sharing(new URLSearchParams('share=1'))).toBe(false);
    expect(withSharing(new URLSearchParams('a=1&share=true'), false).toString()).toBe('a=1');
    expect(withSharing(new URLSearchParams('a=1'), true).toString()).toBe('a=1&share=true');
  });

  it("links to the pin's page on this site", () => {
    expect(pinShareUrl('https://pinhive.test', '123')).toBe('https://pinhive.test/pin/123/');
  });

  it('finds people by a part of their name or username, case and accents aside', () => {
    const zoe = { username: 'zoe_k', full_name: 'Zoë Kravitz' };
    expect(matchesPerson(zoe, '')).toBe(true);
    expect(matchesPerson(zoe, ' zoe ')).toBe(true);
    expect(matchesPerson(zoe, 'KRAV')).toBe(true);
    expect(matchesPerson(zoe, '@zoe_')).toBe(true);
    expect(matchesPerson(zoe, 'ada')).toBe(false);
  });
});
