import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** The scenes `scene` draws: each a different picture. */
export type SceneKind = 'hills' | 'squares' | 'stripes';

const SHAPES: Record<SceneKind, { shapes: string; sky: [string, string] }> = {
  hills: {
    shapes: '<circle cx="120" cy="260" r="140" fill="#2d6a4f"/><circle cx="360" cy="300" r="170" fill="#40916c"/><circle cx="400" cy="80" r="40" fill="#ffd166"/>',
    sky: ['#a8dadc', '#ffffff'],
  },
  squares: {
    shapes: '<rect x="20" y="20" width="160" height="120" fill="#1d3557"/><rect x="260" y="150" width="200" height="200" fill="#e63946"/><rect x="60" y="220" width="120" height="90" fill="#f1faee"/>',
    sky: ['#ffffff', '#457b9d'],
  },
  stripes: {
    shapes: '<rect x="40" y="0" width="50" height="360" fill="#222222"/><rect x="200" y="0" width="30" height="360" fill="#6d597a"/><rect x="330" y="0" width="70" height="360" fill="#e56b6f"/><circle cx="240" cy="180" r="60" fill="#eaac8b"/>',
    sky: ['#f8f9fa', '#b5838d'],
  },
};

/**
 * A picture with something to see (a flat colour's hash says nothing, so it is never matched):
 * an SVG scene of shapes on a gradient, rendered by sharp to a PNG of the given size.
 */
export function scene(kind: SceneKind, width = 480, height = 360): Promise<Buffer> {
  const { shapes, sky } = SHAPES[kind];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
    <rect width="480" height="360" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).resize(width, height).png().toBuffer();
}

/** The same picture as another site would serve it: resized to half and re-encoded as JPEG quality 60. */
export async function reencodedCopy(picture: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  return sharp(picture).resize(Math.round(width / 2), Math.round(height / 2)).jpeg({ quality: 60 }).toBuffer();
}

/**
 * An outside site serving pictures on 127.0.0.1 (a free port), for saves by link: `serve` puts a
 * picture at a path, `url` names it; every other path is a 404. `host` is what the service's
 * FETCH_ALLOW_HOSTS must name for its guarded fetcher to reach it.
 */
export async function pictureSite(): Promise<{ host: string; url: (name: string) => string; serve: (name: string, bytes: Buffer) => void; close: () => Promise<void> }> {
  const served = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const bytes = served.get(req.url ?? '');
    if (!bytes) return void res.writeHead(404).end();
    // The bytes say what they are: PNG's signature, else JPEG (the two formats the tests draw).
    const type = bytes.subarray(1, 4).toString('latin1') === 'PNG' ? 'image/png' : 'image/jpeg';
    res.writeHead(200, { 'content-type': type }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: (name) => `http://${host}/${name}`,
    serve: (name, bytes) => void served.set(`/${name}`, bytes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
