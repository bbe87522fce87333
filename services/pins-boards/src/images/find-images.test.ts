import { findPinImages, largestOfSrcset, MAX_FOUND_IMAGES, MAX_PAGE_BYTES, parsePinnableImages, parseSrcset } from './find-images';

const page = 'https://shop.example/products/lamp?id=4#top';

describe('parsePinnableImages', () => {
  it('lists the share images first, then the page images, absolute and without duplicates', () => {
    const html = `<!doctype html><html><head>
      <meta property="og:image" content="https://cdn.example/share.jpg">
      <meta name="twitter:image" content="/twitter.png">
      <meta property="og:image" content="https://cdn.example/share.jpg">
      <link rel="image_src" href="//cdn.example/linked.jpg">
      </head><body>
      <img src="photo.jpg" alt="">
      <IMG SRC="/abs/photo2.webp">
      <img src="https://cdn.example/share.jpg">
      <img src="photo.jpg#zoom">
      </body></html>`;
    expect(parsePinnableImages(html, page)).toEqual([
      'https://cdn.example/share.jpg',
      'https://shop.example/twitter.png',
      'https://cdn.example/linked.jpg',
      'https://shop.example/products/photo.jpg',
      'https://shop.example/abs/photo2.webp',
    ]);
  });

  it('takes the largest srcset candidate, by width or by density', () => {
    const html = `
      <img src="small.jpg" srcset="a-400.jpg 400w, a-1200.jpg 1200w, a-800.jpg 800w">
      <img src="b.jpg" srcset="b-1x.jpg, b-3x.jpg 3x, b-2x.jpg 2x">`;
    expect(parsePinnableImages(html, page)).toEqual(['https://shop.example/products/a-1200.jpg', 'https://shop.example/products/b-3x.jpg']);
  });

  it('skips data: URLs, other schemes, invalid URLs and images declared 119 px or less', () => {
    const html = `
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/lazy.jpg">
      <img src="data:image/png;base64,AAAA">
      <img src="javascript:alert(1)">
      <img src="ftp://files.example/a.jpg">
      <img src="http://[bad">
      <img src="/pixel.gif" width="1" height="1">
      <img src="/icon.png" width="119">
      <img src="/thin.png" height="64px">
      <img src="/big.png" width="120" height="400">
      <img src="/percent.png" width="50%">
      <meta property="og:image" content="">`;
    expect(parsePinnableImages(html, page)).toEqual(['https://shop.example/lazy.jpg', 'https://shop.example/big.png', 'https://shop.example/percent.png']);
  });

  it('resolves against <base href> and decodes entities', () => {
    const html = '<head><base href="https://static.example/assets/"></head><img src="a.jpg?w=1&amp;h=2"><img src="/b.jpg">';
    expect(parsePinnableImages(html, page)).toEqual(['https://static.example/assets/a.jpg?w=1&h=2', 'https://static.example/b.jpg']);
  });

  it(`stops at ${MAX_FOUND_IMAGES}`, () => {
    const html = Array.from({ length: 80 }, (_, i) => `<img src="/img-${i}.jpg">`).join('');
    const found = parsePinnableImages(html, page);
    expect(found).toHaveLength(MAX_FOUND_IMAGES);
    expect(found[49]).toBe('https://shop.example/img-49.jpg');
  });

  it('reads broken markup as browsers would, without failing', () => {
    expect(parsePinnableImages('<div><img src="/x.jpg"<p>unclosed <img src=/y.jpg>', page)).toEqual(['https://shop.example/x.jpg', 'https://shop.example/y.jpg']);
    expect(parsePinnableImages('', page)).toEqual([]);
  });
});

describe('srcset', () => {
  it('splits candidates, keeping commas inside URLs', () => {
    expect(parseSrcset('a.jpg 1x, https://cdn.example/w_100,h_50/b.jpg 2x,c.jpg')).toEqual([
      { url: 'a.jpg', x: 1 },
      { url: 'https://cdn.example/w_100,h_50/b.jpg', x: 2 },
      { url: 'c.jpg' },
    ]);
    expect(largestOfSrcset('')).toBeUndefined();
    expect(largestOfSrcset('only.jpg')).toBe('only.jpg');
  });
});

describe('findPinImages', () => {
  it('fetches the page as HTML, within the page limit, and answers pinnable items', async () => {
    const fetch = jest.fn().mockResolvedValue({ url: 'https://shop.example/final/', contentType: 'text/html; charset=utf-8', bytes: Buffer.from('<img src="a.png">') });
    expect(await findPinImages({ fetch }, 'https://shop.example/start')).toEqual({ items: [{ type: 'pinnable', url: 'https://shop.example/final/a.png' }] });
    expect(fetch).toHaveBeenCalledWith('https://shop.example/start', { expect: 'html', maxBytes: MAX_PAGE_BYTES, field: 'url' });
  });
});
