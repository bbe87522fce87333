import { describe, expect, it } from '@jest/globals';
import { bookmarkletCode, draftFromQuery, draftFromState, inlineImageBase64, isMobileWeb, mobileDraftFromQuery, offsiteBuilderSearch, offsiteReturnPath, pinCreateOptions, popupSize } from './draft';

describe('the pin draft', () => {
  const search = `?url=${encodeURIComponent('https://ex.com/a?b=1')}&media=${encodeURIComponent('https://ex.com/i.jpg')}&description=${'d'.repeat(700)}&color=ff0000`;

  it('reads the query; mobile cuts the description to 500', () => {
    const draft = draftFromQuery('bookmarklet', search);
    expect(draft).toMatchObject({ method: 'bookmarklet', url: 'https://ex.com/a?b=1', image: 'https://ex.com/i.jpg', color: '#ff0000', guid: '' });
    expect(mobileDraftFromQuery('bookmarklet', search).description).toHaveLength(500);
    expect(draftFromQuery('nonsense', '').method).toBe('button');
  });

  it('builds the create options: button without guid is button_external', () => {
    const draft = draftFromQuery('button', search);
    expect(pinCreateOptions(draft, '7', '9')).toMatchObject({ board_id: '7', section_id: '9', image_url: 'https://ex.com/i.jpg', method: 'button_external', link: 'https://ex.com/a?b=1' });
    expect(pinCreateOptions({ ...draft, guid: 'g1' }, '7').method).toBe('button');
  });

  it('sends an inline image (a bookmarklet\'s data: media) as the image itself, never as a link', () => {
    const bytes = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const draft = { ...draftFromQuery('bookmarklet', search), image: `data:image/png;base64,${bytes}` };
    const options = pinCreateOptions(draft, '7');
    expect(options).toMatchObject({ image_base64: bytes });
    expect(options).not.toHaveProperty('image_url');
    expect(inlineImageBase64('https://ex.com/i.jpg')).toBeNull();
    expect(inlineImageBase64('data:text/html;base64,PGgxPg==')).toBeNull();
  });

  it('reads a draft from navigation state, or none', () => {
    expect(draftFromState(null)).toBeNull();
    expect(draftFromState({ draft: { image: '' } })).toBeNull();
    expect(draftFromState({ draft: { image: 'x.jpg', method: 'bookmarklet', description: 'hi' } })).toMatchObject({ image: 'x.jpg', method: 'bookmarklet', description: 'hi' });
  });
});

describe('popup and devices', () => {
  it('sizes the popup 750 wide, content + 48 high, at least 750', () => {
    expect(popupSize(400)).toEqual({ width: 750, height: 750 });
    expect(popupSize(900.2)).toEqual({ width: 750, height: 949 });
  });
  it('treats 600 px or a phone as mobile', () => {
    expect(isMobileWeb(600, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isMobileWeb(1280, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileWeb(1280, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(false);
  });
});

describe('next-url of the offsite builder', () => {
  it('returns to the same page with the flag, without its own next', () => {
    expect(offsiteReturnPath('/pin/create/bookmarklet/', '?url=u&media=m&next=%2Fx')).toBe('/pin/create/bookmarklet/?url=u&media=m&from_login=1');
    const search = offsiteBuilderSearch('/pin/create/bookmarklet/', '?url=u');
    expect(new URLSearchParams(search).get('next')).toBe('/pin/create/bookmarklet/?url=u&from_login=1');
  });
});

describe('the bookmarklet', () => {
  it('opens the create page for the current page in a 750 popup', () => {
    const code = bookmarkletCode('https://pinhive.test');
    expect(code.startsWith('javascript:')).toBe(true);
    expect(code).toContain('"https://pinhive.test/pin/create/bookmarklet/?url="');
    expect(code).toContain('&description=');
    expect(code).toContain('width=750,height=750');
    expect(code).not.toContain('media');
  });
});
