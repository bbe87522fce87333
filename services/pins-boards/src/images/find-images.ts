import { Parser } from 'htmlparser2';
import type { GuardedFetcher } from './guarded-fetch';
import { MIN_IMAGE_SIDE } from './image.processing';

/** FindPinImagesResource's answer (saving-boards-ads.md section 3, "Found images"). */
export interface FoundImages {
  items: { type: 'pinnable'; url: string }[];
}

export const MAX_FOUND_IMAGES = 50;
/** A page is read up to this size: enough for any real page's markup, images are separate files. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** The meta tags sites name their share image with (Open Graph, Twitter cards), best first. */
const META_IMAGES = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];

/** One candidate of a `srcset`, with how large it claims to be (width or density). */
interface Candidate {
  url: string;
  w?: number;
  x?: number;
}

/**
 * Splits a srcset as the HTML standard does, simplified: a URL is a run without white space
 * (trailing commas end it), then descriptors up to the next comma.
 */
export function parseSrcset(srcset: string): Candidate[] {
  const out: Candidate[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i]!)) i++;
    let end = i;
    while (end < srcset.length && !/\s/.test(srcset[end]!)) end++;
    let url = srcset.slice(i, end);
    i = end;
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const comma = srcset.indexOf(',', i);
      descriptors = srcset.slice(i, comma === -1 ? srcset.length : comma).trim();
      i = comma === -1 ? srcset.length : comma + 1;
    }
    if (!url) continue;
    const w = /^(\d+)w$/.exec(descriptors)?.[1];
    const x = /^(\d+(?:\.\d+)?)x$/.exec(descriptors)?.[1];
    out.push({ url, ...(w ? { w: Number(w) } : {}), ...(x ? { x: Number(x) } : {}) });
  }
  return out;
}

/** The largest candidate: by width when any gives one, else by density (1x when none is said). */
export function largestOfSrcset(srcset: string): string | undefined {
  const candidates = parseSrcset(srcset);
  const byWidth = candidates.some((c) => c.w !== undefined);
  let best: Candidate | undefined;
  let bestSize = -1;
  for (const c of candidates) {
    const size = byWidth ? (c.w ?? 0) : (c.x ?? 1);
    if (size >= bestSize) [best, bestSize] = [c, size];
  }
  return best?.url;
}

/** A declared width or height of 119 or less: icons, spacers and tracking pixels, never a pin. */
function declaredTiny(attribs: Record<string, string>): boolean {
  return ['width', 'height'].some((name) => {
    const value = attribs[name]?.trim();
    if (!value || !/^\d+(\.\d+)?(px)?$/.test(value)) return false;
    return parseFloat(value) < MIN_IMAGE_SIDE;
  });
}

/**
 * The images of a page a pin can be made from, as absolute http(s) URLs in page order (the
 * page's own share images first), without duplicates, data: URLs or images declared tiny.
 * Relative URLs are resolved against the page (or its `<base href>`).
 */
export function parsePinnableImages(html: string, pageUrl: string): string[] {
  const shared: string[] = [];
  const inline: string[] = [];
  let base: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'base' && attribs.href && base === undefined) base = attribs.href;
        else if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? '').trim().toLowerCase();
          if (META_IMAGES.includes(key) && attribs.content) shared.push(attribs.content);
        } else if (name === 'link' && (attribs.rel ?? '').toLowerCase().split(/\s+/).includes('image_src') && attribs.href) {
          shared.push(attribs.href);
        } else if (name === 'img' && !declaredTiny(attribs)) {
          // Lazy-loading pages keep the real image in data-src and a placeholder in src.
          const src = [attribs.src, attribs['data-src']].find((s) => s && !/^\s*data:/i.test(s));
          const largest = attribs.srcset ? largestOfSrcset(attribs.srcset) : undefined;
          const chosen = largest ?? src;
          if (chosen) inline.push(chosen);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  let baseUrl = pageUrl;
  try {
    if (base) baseUrl = new URL(base, pageUrl).href;
  } catch {
    // An invalid <base href> is ignored, as browsers do.
  }
  const found = new Set<string>();
  for (const raw of [...shared, ...inline]) {
    let url: URL;
    try {
      url = new URL(raw.trim(), baseUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    found.add(url.href);
    if (found.size >= MAX_FOUND_IMAGES) break;
  }
  return [...found];
}

/**
 * FindPinImagesResource: the pinnable images of the page at `url`, fetched through the guarded
 * fetcher. Failures are AppErrors; the client ignores them (spec section 8: "image scrape fails:
 * silent").
 */
export async function findPinImages(fetcher: Pick<GuardedFetcher, 'fetch'>, url: string, field = 'url'): Promise<FoundImages> {
  const page = await fetcher.fetch(url, { expect: 'html', maxBytes: MAX_PAGE_BYTES, field });
  const charset = /charset=["']?([\w-]+)/i.exec(page.contentType)?.[1]?.toLowerCase();
  // Markup and URLs are ASCII in practice; latin1 keeps any other single-byte page readable.
  const html = page.bytes.toString(charset === 'iso-8859-1' || charset === 'latin1' || charset === 'windows-1252' ? 'latin1' : 'utf8');
  return { items: parsePinnableImages(html, page.url).map((u) => ({ type: 'pinnable' as const, url: u })) };
}
