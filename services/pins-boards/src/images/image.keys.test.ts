import { imageKey, parseImageKey } from './image.keys';

const id = 'ab12' + 'c'.repeat(60);

describe('image keys', () => {
  it('files a rendition under its hash prefixes, with its extension', () => {
    expect(imageKey('236x', id, 'jpeg')).toBe(`236x/ab/12/${id}.jpg`);
    expect(imageKey('orig', id, 'webp')).toBe(`orig/ab/12/${id}.webp`);
    expect(() => imageKey('orig', 'not-a-hash', 'png')).toThrow('not an image id');
  });

  it('reads back a well-formed key with its content type', () => {
    expect(parseImageKey(`orig/ab/12/${id}.gif`)).toEqual({ rendition: 'orig', id, format: 'gif', contentType: 'image/gif' });
    expect(parseImageKey(imageKey('236x', id, 'png'))).toMatchObject({ rendition: '236x', contentType: 'image/png' });
  });

  it.each([
    ['a folder that is not the hash prefix', `orig/ab/13/${id}.png`],
    ['an unknown rendition', `474x/ab/12/${id}.png`],
    ['an unknown extension', `orig/ab/12/${id}.svg`],
    ['upper-case hex', `orig/AB/12/${id.toUpperCase()}.png`],
    ['a short hash', 'orig/ab/12/ab12.png'],
    ['a leading slash', `/orig/ab/12/${id}.png`],
    ['parent folders', `../../etc/ab/12/${id}.png`],
    ['a dot segment', `orig/ab/12/../12/${id}.png`],
    ['an escaped dot segment', `orig/ab/%2e%2e/${id}.png`],
    ['a backslash', `orig\\ab\\12\\${id}.png`],
    ['a trailing newline', `orig/ab/12/${id}.png\n`],
    ['a query', `orig/ab/12/${id}.png?x=1`],
    ['nothing', ''],
  ])('refuses %s', (_what, key) => {
    expect(parseImageKey(key)).toBeNull();
  });
});
