import { NOTICE_STYLE_SPECIAL_BANNER, noticeShowsActions, type Notice, type Sensitivity } from '@pinhive/contracts';

/**
 * Where a link of a search notice goes: a path of this site (followed inside the app), or an
 * address elsewhere (`http(s):`, `mailto:`, `tel:`: a helpline's number), followed by an
 * ordinary anchor.
 */
export interface NoticeLink {
  href: string;
  external: boolean;
}

const OUTSIDE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * The link to follow for an operator's `link`, or null for one not to follow: empty, relative
 * without a leading `/`, protocol-relative (`//host`), or another scheme (`javascript:`, `data:`).
 */
export function noticeLink(link: string): NoticeLink | null {
  const raw = link.trim();
  if (raw.startsWith('/')) {
    // `//host` and `/\host` leave the site in browsers: not a path of ours.
    return raw.startsWith('//') || raw.startsWith('/\\') ? null : { href: raw, external: false };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!OUTSIDE_SCHEMES.has(url.protocol)) return null;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname) return null;
  return { href: raw, external: true };
}

/** A piece of a notice's description: plain text, or a text tag's words as a link. */
export type NoticeTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; link: NoticeLink; tagType: string };

/** A text tag as the server sends it: `length` characters (UTF-16 units) from `offset` are a link. */
export interface TextTag {
  offset: number;
  length: number;
  link: string;
  tag_type: string;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Whether `index` falls inside a surrogate pair (an emoji would be cut in two). */
function splitsPair(text: string, index: number): boolean {
  return index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index));
}

/**
 * Splits a notice's description into plain text and links at its text tags. Joined back, the
 * parts are always the whole text. Tags are taken in order of their offset: one that is not whole
 * numbers, is empty, starts outside the text or overlaps an earlier one is left out (its words
 * stay text); one that runs past the end ends with the text; a boundary inside a surrogate pair
 * moves out to keep the character whole; a tag whose link is not one to follow stays text.
 */
export function splitTextTags(text: string, tags: readonly TextTag[]): NoticeTextPart[] {
  const ordered = tags
    .map((tag, index) => ({ tag, index }))
    .filter(({ tag }) => Number.isInteger(tag.offset) && Number.isInteger(tag.length) && tag.offset >= 0 && tag.length > 0 && tag.offset < text.length)
    // By offset; at the same offset, the one sent first.
    .sort((a, b) => a.tag.offset - b.tag.offset || a.index - b.index);
  const parts: NoticeTextPart[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  let at = 0;
  for (const { tag } of ordered) {
    let start = tag.offset;
    let end = Math.min(text.length, tag.offset + tag.length);
    if (splitsPair(text, start)) start -= 1;
    if (splitsPair(text, end)) end += 1;
    if (start < at) continue;
    const link = noticeLink(tag.link);
    if (!link) continue;
    pushText(text.slice(at, start));
    parts.push({ kind: 'link', text: text.slice(start, end), link, tagType: tag.tag_type });
    at = end;
  }
  pushText(text.slice(at));
  return parts;
}

/** An action of a notice with a link to follow (one whose link is not is left out). */
export interface NoticeAction {
  title: string;
  description: string;
  text: string;
  link: NoticeLink;
}

/** The action buttons a notice shows: only for levels 4 and 14, and only those with a link to follow. */
export function noticeActions(notice: Pick<Notice, 'level' | 'actions'>): NoticeAction[] {
  if (!noticeShowsActions(notice.level)) return [];
  return notice.actions.flatMap((action) => {
    const link = noticeLink(action.button.link);
    return link ? [{ title: action.title, description: action.description, text: action.button.text, link }] : [];
  });
}

/** Style 2 is the special banner: full width, set apart from the results. */
export const isSpecialBanner = (notice: Pick<Notice, 'style'>): boolean => notice.style === NOTICE_STYLE_SPECIAL_BANNER;

/** Severity 0 (abusive) reads as a warning; sensitive and brand-unsafe queries as information. */
export const isWarning = (sensitivity: Pick<Sensitivity, 'severity'>): boolean => sensitivity.severity === 0;

/**
 * The notice that opens in a modal as the results page opens: the first, for emotional distress
 * or suicide (advisory type 4); none for other advisories.
 */
export function noticeToOpen(sensitivity: Pick<Sensitivity, 'advisory_type' | 'notices'> | null | undefined): number | null {
  return sensitivity?.advisory_type === 4 && sensitivity.notices.length > 0 ? 0 : null;
}
