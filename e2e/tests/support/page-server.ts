import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * The outside web page the saving tests save from: "Lamps of the world", with three real images
 * (two JPEGs, one PNG, all well over the 119 px floor) and a 16 px icon that must never be offered.
 * Served on 127.0.0.1:18090 (18091 for the second browser-test worker, up to 18093 for a fourth),
 * the one outside site the test stack's pins-boards may fetch (`E2E_PAGE_SERVER_PORTS` and FETCH_ALLOW_HOSTS in
 * scripts/stack.mjs). The images are drawn at start, so nothing binary is committed.
 */
export const PAGE_SERVER_PORT = 18090 + Number(process.env['TEST_PARALLEL_INDEX'] ?? 0);
export const PAGE_TITLE = 'Lamps of the world';

export interface PageServer {
  /** `http://127.0.0.1:18090` (or 18091) */
  origin: string;
  /** The page with the images. */
  pageUrl: string;
  /** The three pinnable images, in page order (absolute URLs). */
  imageUrls: string[];
  /**
   * Puts `<meta name="pinhive-site-verification" content="{token}">` into the home page's (`/`)
   * <head>, as the owner of a claimed site would (creator-card.spec.ts); `clear` takes them out.
   */
  siteVerification: { add: (token: string) => void; clear: () => void };
  close: () => Promise<void>;
}

interface Asset {
  type: string;
  body: Buffer;
}

/** A picture that is more than one flat colour: a gradient sky, a lamp shade and its glow. */
async function lampImage(width: number, height: number, hue: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2433"/><stop offset="1" stop-color="${hue}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#fff6c8"/><stop offset="1" stop-color="#fff6c8" stop-opacity="0"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width / 2}" cy="${height * 0.55}" r="${Math.min(width, height) * 0.35}" fill="url(#glow)"/>
    <polygon points="${width * 0.35},${height * 0.3} ${width * 0.65},${height * 0.3} ${width * 0.75},${height * 0.5} ${width * 0.25},${height * 0.5}" fill="#f2c14e"/>
    <rect x="${width * 0.48}" y="${height * 0.5}" width="${width * 0.04}" height="${height * 0.35}" fill="#444"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** The page; `head` goes into its <head> (the home page's site-verification tags). */
function pageHtml(head = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8">${head}<title>${PAGE_TITLE}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
  <header><img src="/icon.png" width="16" height="16" alt=""> Lamp notes</header>
  <main>
    <h1>${PAGE_TITLE}</h1>
    <p>Paper lanterns, brass desk lamps and a pendant from a café in Lisbon.</p>
    <figure><img src="/images/lantern.jpg" alt="A paper lantern" width="400" height="300"><figcaption>Paper lantern</figcaption></figure>
    <figure><img src="/images/desk-lamp.png" alt="A brass desk lamp" width="320" height="480"><figcaption>Desk lamp</figcaption></figure>
    <figure><img src="/images/pendant.jpg" alt="A pendant lamp" width="360" height="360"><figcaption>Pendant</figcaption></figure>
  </main>
</body>
</html>`;
}

export async function startPageServer(port = PAGE_SERVER_PORT): Promise<PageServer> {
  const [lantern, desk, pendant, icon] = await Promise.all([
    lampImage(400, 300, '#c0392b', 'jpeg'),
    lampImage(320, 480, '#2e86ab', 'png'),
    lampImage(360, 360, '#6a994e', 'jpeg'),
    sharp({ create: { width: 16, height: 16, channels: 3, background: '#e60023' } }).png().toBuffer(),
  ]);
  const assets = new Map<string, Asset>([
    ['/lamps.html', { type: 'text/html; charset=utf-8', body: Buffer.from(pageHtml()) }],
    ['/images/lantern.jpg', { type: 'image/jpeg', body: lantern }],
    ['/images/desk-lamp.png', { type: 'image/png', body: desk }],
    ['/images/pendant.jpg', { type: 'image/jpeg', body: pendant }],
    ['/icon.png', { type: 'image/png', body: icon }],
  ]);

  // The home page: the lamps page with the site-verification tags of the moment.
  const verificationTokens = new Set<string>();
  const homePage = (): Asset => ({
    type: 'text/html; charset=utf-8',
    body: Buffer.from(pageHtml([...verificationTokens].map((token) => `<meta name="pinhive-site-verification" content="${token}">`).join(''))),
  });

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page-server').pathname;
    const asset = path === '/' ? homePage() : assets.get(path);
    if (!asset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': asset.type, 'Content-Length': asset.body.length, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : asset.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: `${origin}/lamps.html`,
    imageUrls: ['/images/lantern.jpg', '/images/desk-lamp.png', '/images/pendant.jpg'].map((p) => `${origin}${p}`),
    siteVerification: { add: (token) => void verificationTokens.add(token), clear: () => verificationTokens.clear() },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
