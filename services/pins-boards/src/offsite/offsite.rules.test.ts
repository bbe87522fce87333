import { describe, expect, it } from '@jest/globals';
import { domainKeys, judgeLink, normaliseDomain } from './offsite.rules';
import { OffsiteTokens } from './offsite.token';

describe('judging a link before the list is read', () => {
  it('lets an ordinary http(s) link through, naming its host', () => {
    expect(judgeLink('https://Shop.Example.com./lamps?x=1')).toEqual({ status: 'ok', reason: '', host: 'shop.example.com' });
    expect(judgeLink('http://example.org')).toMatchObject({ status: 'ok' });
  });

  it('blocks what is no web link, or names no public host', () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'not a link', 'http://localhost:8080/', 'https://intranet/']) {
      expect(judgeLink(link).status).toBe('blocked');
    }
  });

  it('finds suspicious a link that hides where it goes', () => {
    expect(judgeLink('https://bank.example@evil.example/login')).toMatchObject({ status: 'suspicious', reason: 'a user name before the host' });
    expect(judgeLink('http://203.0.113.9/x')).toMatchObject({ status: 'suspicious', reason: 'an IP address for a host' });
    expect(judgeLink('http://[2001:db8::1]/x')).toMatchObject({ status: 'suspicious' });
    expect(judgeLink('https://аpple.com/')).toMatchObject({ status: 'suspicious', reason: 'look-alike letters in the host' });
  });
});

describe("the operators' list", () => {
  it('is read for the host and its parents, never a top-level domain alone, at most 4 keys', () => {
    expect(domainKeys('shop.example.com')).toEqual(['shop.example.com', 'example.com']);
    expect(domainKeys('example.co.uk')).toEqual(['example.co.uk', 'co.uk']);
    expect(domainKeys('a.b.c.d.e.example.com')).toHaveLength(4);
  });

  it('takes a domain as an operator types it', () => {
    expect(normaliseDomain('https://Example.com/x')).toBe('example.com');
    expect(normaliseDomain(' bad.example. ')).toBe('bad.example');
    expect(normaliseDomain('localhost')).toBeUndefined();
    expect(normaliseDomain('10.0.0.1')).toBeUndefined();
  });
});

describe('the /offsite/ token', () => {
  const tokens = new OffsiteTokens('a-secret-of-at-least-thirty-two-chars!');
  it('holds for the link and pin it was made for, and no other', () => {
    const token = tokens.sign('https://example.com/a', '123');
    expect(tokens.verify(token, 'https://example.com/a', '123')).toBe(true);
    expect(tokens.verify(token, 'https://evil.example/', '123')).toBe(false);
    expect(tokens.verify(token, 'https://example.com/a', undefined)).toBe(false);
    expect(tokens.verify('x', 'https://example.com/a', '123')).toBe(false);
    expect(new OffsiteTokens('another-secret-of-thirty-two-chars!!').verify(token, 'https://example.com/a', '123')).toBe(false);
  });

  it('makes the path with the query names of the spec', () => {
    const path = tokens.path('https://example.com/a?b=1', '123');
    const query = new URLSearchParams(path.split('?')[1]);
    expect(path.startsWith('/offsite/?')).toBe(true);
    expect(query.get('url')).toBe('https://example.com/a?b=1');
    expect(query.get('pin')).toBe('123');
    expect(tokens.verify(query.get('token') ?? '', 'https://example.com/a?b=1', '123')).toBe(true);
  });
});
