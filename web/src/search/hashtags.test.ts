import { describe, expect, it } from '@jest/globals';
import { splitHashtags } from './hashtags';

const tags = (text: string) => splitHashtags(text).flatMap((part) => (part.kind === 'hashtag' ? [part.tag] : []));

describe('hashtags in a pin description', () => {
  it('splits text into plain parts and hashtags, losing nothing', () => {
    const text = 'Paper lanterns #lamps and #brass_desk, from Lisbon.';
    expect(splitHashtags(text)).toEqual([
      { kind: 'text', text: 'Paper lanterns ' },
      { kind: 'hashtag', text: '#lamps', tag: 'lamps' },
      { kind: 'text', text: ' and ' },
      { kind: 'hashtag', text: '#brass_desk', tag: 'brass_desk' },
      { kind: 'text', text: ', from Lisbon.' },
    ]);
    expect(splitHashtags(text).map((part) => part.text).join('')).toBe(text);
  });

  it('finds hashtags at the start, at the end and next to punctuation', () => {
    expect(tags('#one two #three')).toEqual(['one', 'three']);
    expect(tags('(#tea), "#cake"!')).toEqual(['tea', 'cake']);
    expect(tags('##double')).toEqual(['double']);
    expect(tags('line\n#next')).toEqual(['next']);
  });

  it('takes letters of any script, digits and underscores', () => {
    expect(tags('#café #東京 #Ünïcödé #2024 #snake_case')).toEqual(['café', '東京', 'Ünïcödé', '2024', 'snake_case']);
    expect(tags('#cafe\u0301 ok')).toEqual(['cafe\u0301']);
  });

  it('is not a hashtag after a letter or digit, nor a lone #', () => {
    expect(tags('a#b 1#2 café#x')).toEqual([]);
    expect(tags('https://example.com/page#part')).toEqual([]);
    expect(tags('# heading, #, #-dash, C# and F#')).toEqual([]);
    expect(splitHashtags('no tags here')).toEqual([{ kind: 'text', text: 'no tags here' }]);
    expect(splitHashtags('')).toEqual([]);
  });

  it('ends a hashtag at the first character that cannot be in one', () => {
    expect(splitHashtags('#well-being')).toEqual([
      { kind: 'hashtag', text: '#well', tag: 'well' },
      { kind: 'text', text: '-being' },
    ]);
  });
});
