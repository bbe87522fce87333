import { CLOSEUP_NARROW_BELOW, CLOSEUP_WIDE_ABOVE, PIN_PREVIEW_WIDTH, type ImageSpec } from '@pinhive/contracts';

/** The close-up's layout (section 9): under 870 narrow, 870 to 1275 medium, above wide. */
export type CloseupLayout = 'narrow' | 'medium' | 'wide';

export function closeupLayout(width: number): CloseupLayout {
  if (width < CLOSEUP_NARROW_BELOW) return 'narrow';
  if (width <= CLOSEUP_WIDE_ABOVE) return 'medium';
  return 'wide';
}

/** The close-up's widths (section 9): the image pane of 508 in a card of at most 1016 (wide). */
export const CLOSEUP_WIDTHS = { narrow: { card: 508, pane: 508 }, medium: { card: 992, pane: 488 }, wide: { card: 1016, pane: 508 } } as const;

/** A grid cell's image height at `width`, keeping the image's shape. */
export function scaledHeight(image: Pick<ImageSpec, 'width' | 'height'>, width: number = PIN_PREVIEW_WIDTH): number {
  if (image.width <= 0 || image.height <= 0) return width;
  return Math.round((image.height / image.width) * width);
}

/** A link is shown as its host ("example.com"), when it parses. */
export function linkHost(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
