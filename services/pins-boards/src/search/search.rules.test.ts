import { hashtagsOf, linkDomain } from './search.rules';

describe('hashtags of a pin', () => {
  it('finds # words in any script, folded, each once, and not inside words', () => {
    expect(hashtagsOf('Summer #Picnic ideas #picnic, #Crème_brûlée and #日本 #2026')).toEqual(['picnic', 'creme_brulee', '日本', '2026']);
    expect(hashtagsOf('mail a#b or ##double #')).toEqual(['double']);
    expect(hashtagsOf('no tags here')).toEqual([]);
  });

  it('keeps at most 30', () => {
    expect(hashtagsOf(Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' '))).toHaveLength(30);
  });
});

describe('the domain a pin links to', () => {
  it('is the host in lower case without www., and null for no web link', () => {
    expect(linkDomain('https://WWW.Example.com/a?b')).toBe('example.com');
    expect(linkDomain('http://shop.example.org')).toBe('shop.example.org');
    expect(linkDomain('javascript:alert(1)')).toBeNull();
    expect(linkDomain('not a url')).toBeNull();
    expect(linkDomain(null)).toBeNull();
  });
});
