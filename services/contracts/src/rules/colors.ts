import type { PaletteColor } from '../search';

/**
 * The named colour (search.ts COLOR_PALETTE) of a pin's dominant colour (`#rrggbb`, computed at save),
 * stored in the search index so that `colors=` is an equality on an indexed field. By hue,
 * saturation and lightness, as a person would name it: very dark is black, very light and pale
 * is white, pale is gray, dark orange is brown, light red is pink. Not a hex colour: null.
 */
export function paletteColorOf(hex: string): PaletteColor | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h as string, 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.12) return 'black';
  if (l > 0.9 && s < 0.5) return 'white';
  if (s < 0.15) return l < 0.3 ? 'black' : l > 0.85 ? 'white' : 'gray';
  let h = 0;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  if (h < 15 || h >= 345) return l > 0.7 ? 'pink' : l < 0.3 ? 'brown' : 'red';
  if (h < 45) return l < 0.45 ? 'brown' : 'orange';
  if (h < 70) return l < 0.3 ? 'brown' : 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'teal';
  if (h < 255) return 'blue';
  if (h < 320) return l > 0.75 ? 'pink' : 'purple';
  return 'pink';
}
