import {
  MOBILE_DESCRIPTION_CAP,
  PIN_DESCRIPTION_MAX_LENGTH,
  PIN_METHODS,
  POPUP_HEIGHT_EXTRA,
  POPUP_MIN_HEIGHT,
  POPUP_WIDTH,
  savedMethod,
  type PinCreateOptions,
  type PinMethod,
} from '@pinhive/contracts';

/**
 * What `pin/create/{method}` is asked to save (saving-boards-ads.md section 2: query params url,
 * media, description, guid, color), and what the mobile flow carries in navigation state to
 * `/board/create/` and `/board/{id}/create_section/`.
 */
export interface PinDraft {
  method: PinMethod;
  /** The page the image is from (`url`). */
  url: string;
  /** The image (`media`); empty until one is chosen among the images found on `url`. */
  image: string;
  description: string;
  guid: string;
  color: string;
}

const asMethod = (value: string | undefined): PinMethod | undefined =>
  (PIN_METHODS as readonly string[]).includes(value ?? '') ? (value as PinMethod) : undefined;

/** The draft from the route's method and query; the description cut to `descriptionCap`. */
export function draftFromQuery(method: string | undefined, search: string, descriptionCap = PIN_DESCRIPTION_MAX_LENGTH): PinDraft {
  const query = new URLSearchParams(search);
  const get = (name: string) => query.get(name)?.trim() ?? '';
  const color = get('color');
  return {
    method: asMethod(method) ?? 'button',
    url: get('url'),
    image: get('media'),
    description: get('description').slice(0, descriptionCap),
    guid: get('guid'),
    color: /^#?[0-9a-fA-F]{6}$/.test(color) ? (color.startsWith('#') ? color : `#${color}`) : '',
  };
}

/** The mobile page's draft: its description is cut to 500 (section 5). */
export const mobileDraftFromQuery = (method: string | undefined, search: string): PinDraft =>
  draftFromQuery(method, search, MOBILE_DESCRIPTION_CAP);

/** Reads a draft back from navigation state (anything else is no draft). */
export function draftFromState(state: unknown): PinDraft | null {
  const draft = (state as { draft?: unknown } | null)?.draft;
  if (!draft || typeof draft !== 'object') return null;
  const d = draft as Record<string, unknown>;
  const text = (key: string) => (typeof d[key] === 'string' ? d[key] : '');
  if (!text('image')) return null;
  return {
    method: asMethod(text('method')) ?? 'button',
    url: text('url'),
    image: text('image'),
    description: text('description').slice(0, MOBILE_DESCRIPTION_CAP),
    guid: text('guid'),
    color: text('color'),
  };
}

/** An inline image (`data:image/...;base64,...`, as a bookmarklet may pass `media`): its base64 bytes, else null. */
export function inlineImageBase64(image: string): string | null {
  const match = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(image);
  return match?.[1] ? match[1].replace(/\s+/g, '') : null;
}

/**
 * The PinResource create options for a draft saved to a board (and maybe a section). An inline
 * image is sent as the image itself (`image_base64`), a link to one as `image_url`.
 */
export function pinCreateOptions(draft: PinDraft, boardId: string, sectionId?: string): PinCreateOptions {
  const guid = draft.guid || undefined;
  const inline = inlineImageBase64(draft.image);
  return {
    board_id: boardId,
    ...(sectionId ? { section_id: sectionId } : {}),
    ...(inline ? { image_base64: inline } : { image_url: draft.image }),
    method: savedMethod(draft.method, guid),
    ...(draft.description ? { description: draft.description.slice(0, PIN_DESCRIPTION_MAX_LENGTH) } : {}),
    ...(draft.url ? { link: draft.url } : {}),
    ...(guid ? { guid } : {}),
    ...(draft.color ? { color: draft.color } : {}),
  };
}

/** The popup's size for its content (section 9): 750 wide, content + 48 high, at least 750. */
export function popupSize(contentHeight: number): { width: number; height: number } {
  return { width: POPUP_WIDTH, height: Math.max(POPUP_MIN_HEIGHT, Math.ceil(contentHeight) + POPUP_HEIGHT_EXTRA) };
}

/** Mobile web: 600 px wide or less, or a phone's user agent. */
export function isMobileWeb(width: number, userAgent: string): boolean {
  return width <= 600 || /\b(iPhone|iPod|Android.+Mobile|Windows Phone|Mobile Safari)\b/i.test(userAgent);
}

/** The flag the log-in panel's next-url adds, so the page knows the visitor came back logged in. */
export const FROM_LOGIN_PARAM = 'from_login';

/**
 * The offsite builder's next-url: the same page, with the extra flag (and without any `next` of
 * its own), e.g. `/pin/create/bookmarklet/?url=…&from_login=1`.
 */
export function offsiteReturnPath(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('next');
  query.set(FROM_LOGIN_PARAM, '1');
  return `${pathname}?${query.toString()}`;
}

/** The offsite builder's own address, carrying its next-url for the log-in panel. */
export function offsiteBuilderSearch(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.set('next', offsiteReturnPath(pathname, search));
  return `?${query.toString()}`;
}

/**
 * The bookmarklet (settings page): opens `/pin/create/bookmarklet/` for the current page in a
 * popup of the section 9 size. No `media`: the popup offers the images it finds on the page.
 */
export function bookmarkletCode(origin: string): string {
  const target = `${origin}/pin/create/bookmarklet/?url=`;
  const features = `width=${POPUP_WIDTH},height=${POPUP_MIN_HEIGHT},resizable=yes,scrollbars=yes`;
  return (
    "javascript:(function(){var e=encodeURIComponent;window.open(" +
    `${JSON.stringify(target)}+e(location.href)+'&description='+e(document.title),'pinhive_save',${JSON.stringify(features)});})();`
  );
}
