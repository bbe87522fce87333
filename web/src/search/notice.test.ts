import { describe, expect, it } from '@jest/globals';
import { isSpecialBanner, isWarning, noticeActions, noticeLink, noticeToOpen, splitTextTags, type TextTag } from './notice';

const tag = (offset: number, length: number, link = 'https://help.example/', tag_type = 'link'): TextTag => ({ offset, length, link, tag_type });
const joined = (text: string, tags: TextTag[]) =>
  splitTextTags(text, tags)
    .map((part) => part.text)
    .join('');
const links = (text: string, tags: TextTag[]) => splitTextTags(text, tags).flatMap((part) => (part.kind === 'link' ? [part.text] : []));

describe('the links of a search notice', () => {
  it('follows paths of the site inside the app, and http(s), mailto and tel outside', () => {
    expect(noticeLink('/help/crisis/')).toEqual({ href: '/help/crisis/', external: false });
    expect(noticeLink('https://988lifeline.org/')).toEqual({ href: 'https://988lifeline.org/', external: true });
    expect(noticeLink(' http://example.com/a?b=c ')).toEqual({ href: 'http://example.com/a?b=c', external: true });
    expect(noticeLink('tel:988')).toEqual({ href: 'tel:988', external: true });
    expect(noticeLink('mailto:help@example.com')).toEqual({ href: 'mailto:help@example.com', external: true });
  });

  it('follows no script, data, protocol-relative, relative or empty link', () => {
    for (const link of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/', '/\\evil.example', 'help/page', '', '   ', 'https://']) {
      expect(noticeLink(link)).toBeNull();
    }
  });
});

describe('a notice description split at its text tags', () => {
  const text = 'If you need support, call a helpline or visit our resources.';

  it('makes each tag a link at its offset and length, losing nothing', () => {
    const tags = [tag(21, 15, 'tel:988', 'phone'), tag(50, 9, '/help/')];
    expect(splitTextTags(text, tags)).toEqual([
      { kind: 'text', text: 'If you need support, ' },
      { kind: 'link', text: 'call a helpline', link: { href: 'tel:988', external: true }, tagType: 'phone' },
      { kind: 'text', text: ' or visit our ' },
      { kind: 'link', text: 'resources', link: { href: '/help/', external: false }, tagType: 'link' },
      { kind: 'text', text: '.' },
    ]);
    expect(joined(text, tags)).toBe(text);
  });

  it('takes tags in order of offset, whatever order they came in', () => {
    const tags = [tag(50, 8), tag(0, 2)];
    expect(links(text, tags)).toEqual(['If', 'resource']);
    expect(joined(text, tags)).toBe(text);
  });

  it('is the plain text without tags, and nothing for no text', () => {
    expect(splitTextTags(text, [])).toEqual([{ kind: 'text', text }]);
    expect(splitTextTags('', [tag(0, 3)])).toEqual([]);
  });

  it('leaves out a tag that overlaps an earlier one (the first sent wins at the same offset)', () => {
    const tags = [tag(3, 8, '/a/'), tag(5, 10, '/b/'), tag(3, 2, '/c/'), tag(11, 4, '/d/')];
    const parts = splitTextTags(text, tags);
    expect(parts.filter((part) => part.kind === 'link').map((part) => (part.kind === 'link' ? [part.text, part.link.href] : []))).toEqual([
      ['you need', '/a/'],
      [' sup', '/d/'],
    ]);
    expect(joined(text, tags)).toBe(text);
  });

  it('leaves out tags outside the text, empty or not whole numbers, and ends one that runs past the end', () => {
    const tags = [tag(-1, 4), tag(text.length, 3), tag(500, 2), tag(2, 0), tag(1.5, 3), tag(2, Number.NaN), tag(52, 100)];
    expect(links(text, tags)).toEqual(['sources.']);
    expect(joined(text, tags)).toBe(text);
  });

  it('keeps the words of a tag whose link is not one to follow as text, and lets a later tag use them', () => {
    const tags = [tag(0, 6, 'javascript:alert(1)'), tag(3, 3, '/ok/')];
    expect(splitTextTags('Hello world', tags)).toEqual([
      { kind: 'text', text: 'Hel' },
      { kind: 'link', text: 'lo ', link: { href: '/ok/', external: false }, tagType: 'link' },
      { kind: 'text', text: 'world' },
    ]);
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const emoji = 'Call 📞 now';
    // 📞 is units 5 and 6: a tag from 6 starts at 5, one ending at 6 ends at 7.
    expect(links(emoji, [tag(6, 4)])).toEqual(['📞 no']);
    expect(links(emoji, [tag(0, 6)])).toEqual(['Call 📞']);
    expect(joined(emoji, [tag(6, 4)])).toBe(emoji);
  });
});

describe('what a notice shows', () => {
  const action = (link: string) => ({ title: 'Talk to someone', description: 'Free, any time.', button: { text: 'Call 988', link } });

  it('shows its actions only at levels 4 and 14, and only those with a link to follow', () => {
    const actions = [action('tel:988'), action('javascript:void(0)'), action('/help/')];
    expect(noticeActions({ level: 4, actions }).map((a) => a.link.href)).toEqual(['tel:988', '/help/']);
    expect(noticeActions({ level: 14, actions })).toHaveLength(2);
    expect(noticeActions({ level: 14, actions })[0]).toEqual({ title: 'Talk to someone', description: 'Free, any time.', text: 'Call 988', link: { href: 'tel:988', external: true } });
    for (const level of [0, 1, 3, 5, 13, 15, 40]) expect(noticeActions({ level, actions })).toEqual([]);
  });

  it('is the special banner at style 2, and a warning at severity 0', () => {
    expect(isSpecialBanner({ style: 2 })).toBe(true);
    expect([0, 1, 3].map((style) => isSpecialBanner({ style }))).toEqual([false, false, false]);
    expect(isWarning({ severity: 0 })).toBe(true);
    expect(isWarning({ severity: 1 })).toBe(false);
    expect(isWarning({ severity: 2 })).toBe(false);
  });

  it('opens its first notice in the modal for emotional distress or suicide (type 4) only', () => {
    const notice = { level: 14, style: 2, title: 'You are not alone', description: { text: '', text_tags: [] }, actions: [], footer: null };
    expect(noticeToOpen({ advisory_type: 4, notices: [notice, notice] })).toBe(0);
    expect(noticeToOpen({ advisory_type: 4, notices: [] })).toBeNull();
    expect(noticeToOpen({ advisory_type: 0, notices: [notice] })).toBeNull();
    expect(noticeToOpen(null)).toBeNull();
    expect(noticeToOpen(undefined)).toBeNull();
  });
});
