import { describe, expect, it } from '@jest/globals';
import { errorCatalogue } from './errors';
import {
  CREATOR_CARD_NAME_MAX,
  creatorCardName,
  creatorCardOptionsSchema,
  normaliseSiteDomain,
  SITE_CLAIMS_PER_PERSON_MAX,
  SITE_DOMAIN_MESSAGES,
  siteClaimOptionsSchema,
  siteDomainOfLink,
  siteVerificationMetaTag,
  truncateText,
} from './site-claims';

const domain = (input: string) => normaliseSiteDomain(input);

describe('the site a claim is for', () => {
  it('is the host in lower case, without www. or a trailing dot, from a domain or a whole address', () => {
    expect(domain('example.com')).toEqual({ ok: true, domain: 'example.com' });
    expect(domain('  Example.COM ')).toEqual({ ok: true, domain: 'example.com' });
    expect(domain('https://WWW.Example.com/shop/lamps?x=1#top')).toEqual({ ok: true, domain: 'example.com' });
    expect(domain('www.example.co.uk.')).toEqual({ ok: true, domain: 'example.co.uk' });
    expect(domain('http://shop.example.org')).toEqual({ ok: true, domain: 'shop.example.org' });
    // Only a leading www. goes: another subdomain is another site.
    expect(domain('blog.www.example.com')).toEqual({ ok: true, domain: 'blog.www.example.com' });
  });

  it('keeps a port other than 80 and 443, whatever the scheme', () => {
    expect(domain('http://127.0.0.1:18090/lamps.html')).toEqual({ ok: true, domain: '127.0.0.1:18090' });
    expect(domain('example.com:8080')).toEqual({ ok: true, domain: 'example.com:8080' });
    expect(domain('https://example.com:443/')).toEqual({ ok: true, domain: 'example.com' });
    expect(domain('https://example.com:80/')).toEqual({ ok: true, domain: 'example.com' });
  });

  it('writes an international name in punycode, as browsers send it', () => {
    expect(domain('https://Bücher.example/')).toEqual({ ok: true, domain: 'xn--bcher-kva.example' });
  });

  it('refuses what names no public site, saying why', () => {
    expect(domain('   ')).toEqual({ ok: false, message: SITE_DOMAIN_MESSAGES.blank });
    for (const bad of ['localhost', 'http://intranet/', 'not a site', 'example..com', '-bad.example', 'http://[::1]:8080/', '999.1.1.1', 'example.123']) {
      expect({ bad, result: domain(bad) }).toEqual({ bad, result: { ok: false, message: SITE_DOMAIN_MESSAGES.invalid } });
    }
    expect(domain('ftp://example.com/')).toEqual({ ok: false, message: SITE_DOMAIN_MESSAGES.scheme });
    expect(domain('javascript://example.com/')).toEqual({ ok: false, message: SITE_DOMAIN_MESSAGES.scheme });
    expect(domain('https://me:secret@example.com/')).toEqual({ ok: false, message: SITE_DOMAIN_MESSAGES.credentials });
    expect(domain(`${'a'.repeat(60)}.`.repeat(5) + 'example')).toEqual({ ok: false, message: SITE_DOMAIN_MESSAGES.tooLong });
  });

  it("of a pin's link: the same site, or none without an http(s) link", () => {
    expect(siteDomainOfLink('https://www.example.com/lamps/1')).toBe('example.com');
    expect(siteDomainOfLink('http://127.0.0.1:18090/lamps.html')).toBe('127.0.0.1:18090');
    expect(siteDomainOfLink(null)).toBeNull();
    expect(siteDomainOfLink('')).toBeNull();
    // A bare host is a claim's input, never a pin's link.
    expect(siteDomainOfLink('example.com')).toBeNull();
    expect(siteDomainOfLink('javascript:alert(1)')).toBeNull();
    expect(siteDomainOfLink('http://localhost:8080/')).toBeNull();
  });

  it('is what the calls take, normalised, with the message as the field error', () => {
    expect(siteClaimOptionsSchema.parse({ domain: 'https://www.Example.com/' })).toEqual({ domain: 'example.com' });
    const bad = siteClaimOptionsSchema.safeParse({ domain: 'localhost' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['domain'], message: SITE_DOMAIN_MESSAGES.invalid });
  });
});

describe('the creator card call', () => {
  it('takes a pin or a domain, exactly one', () => {
    expect(creatorCardOptionsSchema.parse({ pin_id: '123' })).toEqual({ pin_id: '123' });
    expect(creatorCardOptionsSchema.parse({ domain: 'WWW.example.com' })).toEqual({ domain: 'example.com' });
    expect(creatorCardOptionsSchema.safeParse({}).success).toBe(false);
    expect(creatorCardOptionsSchema.safeParse({ pin_id: '123', domain: 'example.com' }).success).toBe(false);
    expect(creatorCardOptionsSchema.safeParse({ pin_id: 'abc' }).success).toBe(false);
  });
});

describe('the meta tag', () => {
  it('names the token', () => {
    expect(siteVerificationMetaTag('AbC-123_x')).toBe('<meta name="pinhive-site-verification" content="AbC-123_x">');
  });
});

describe('truncation (section 5)', () => {
  it('leaves text up to the limit as it is (80 by default)', () => {
    expect(truncateText('a'.repeat(80))).toBe('a'.repeat(80));
    expect(truncateText(' Ada Lovelace ')).toBe('Ada Lovelace');
  });

  it('cuts longer text at a word boundary, the ellipsis within the limit', () => {
    const text = `${'word '.repeat(20)}end`;
    const cut = truncateText(text);
    expect(Array.from(cut).length).toBeLessThanOrEqual(80);
    expect(cut.endsWith('word…')).toBe(true);
    // The word that did not fit is left out whole.
    expect(truncateText('aaaa bbbb cccc', 12)).toBe('aaaa bbbb…');
    // A cut just before a space keeps the last word.
    expect(truncateText('aaaa bbbb cccc', 10)).toBe('aaaa bbbb…');
  });

  it('cuts one long word mid-word, and counts characters, not UTF-16 units', () => {
    expect(truncateText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(truncateText('🙂'.repeat(12), 10)).toBe(`${'🙂'.repeat(9)}…`);
  });

  it("cuts the creator card's name at 70", () => {
    expect(CREATOR_CARD_NAME_MAX).toBe(70);
    const name = 'The Very Long Name of a Studio That Makes Lamps, Lanterns and Other Lights in Lisbon';
    const cut = creatorCardName(name);
    expect(Array.from(cut).length).toBeLessThanOrEqual(70);
    expect(cut).toBe('The Very Long Name of a Studio That Makes Lamps, Lanterns and Other…');
    expect(creatorCardName('Grace Hopper')).toBe('Grace Hopper');
    expect(creatorCardName('g'.repeat(70))).toBe('g'.repeat(70));
    expect(creatorCardName('g'.repeat(71))).toBe(`${'g'.repeat(69)}…`);
  });
});

describe('the error of a full list of claims', () => {
  it('names the limit the service applies', () => {
    expect(errorCatalogue.site_claim_limit.message).toContain(`up to ${SITE_CLAIMS_PER_PERSON_MAX} websites`);
  });
});
