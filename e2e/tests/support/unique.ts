import sharp from 'sharp';

/**
 * A name no other test (or run) uses: the base, five characters of the clock and two random ones
 * (two browser-test workers may ask in the same millisecond).
 */
export const uniqueName = (base: string): string => `${base} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 * 36).toString(36).padStart(2, '0')}`;

/**
 * A PNG no other test saved: a colour of its own with the clock written on it. Tests that need
 * a pin of their own (related boards, popular pins, feeds) upload it rather than the page
 * server's images, which other tests save too. `background`: a colour of the test's choosing.
 */
export function uniqueImage(width = 320, height = 400, background?: { r: number; g: number; b: number }): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  const stamp = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="20" y="${Math.round(height / 2)}" font-size="26">${Date.now()}</text></svg>`;
  return sharp({ create: { width, height, channels: 3, background: background ?? { r: channel(), g: channel(), b: channel() } } })
    .composite([{ input: Buffer.from(stamp) }])
    .png()
    .toBuffer();
}
