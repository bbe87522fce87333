import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { RESERVED_USERNAMES } from '@pinhive/contracts';

/**
 * A profile lives at `/{username}/`, so every first path segment the web app or the gateway
 * serves must be a reserved username (contracts' RESERVED_USERNAMES). This fails, naming the
 * segment, when a page or a gateway location is added without reserving its name.
 */
const root = path.resolve(__dirname, '../..');

/** The first segments of the router's paths (router.tsx, read as text: jest does not run .tsx). */
function routerSegments(): string[] {
  const source = readFileSync(path.join(__dirname, 'router.tsx'), 'utf8');
  const paths = [...source.matchAll(/\bpath:\s*['"`]([^'"`]*)['"`]/g)].map((m) => m[1] ?? '');
  return paths.map((p) => p.replace(/^\//, '').split('/')[0] ?? '').filter((s) => s !== '' && s !== '*' && !s.startsWith(':'));
}

/** The first segments of the gateway's locations, from the nginx config it renders (routes.mjs and its own). */
function gatewaySegments(): string[] {
  const conf = execFileSync(process.execPath, ['gateway/render.mjs', 'container'], { cwd: root, encoding: 'utf8' });
  const locations = [...conf.matchAll(/^\s*location\s+(?:[=~^]+\s+)?\/([^/\s{]*)/gm)].map((m) => m[1] ?? '');
  return locations.filter((s) => s !== '');
}

describe('reserved usernames', () => {
  const reserved = new Set(RESERVED_USERNAMES);

  it('reads the pages and the locations (a changed file format must not pass silently)', () => {
    expect(routerSegments()).toEqual(expect.arrayContaining(['login', 'signup', 'settings']));
    expect(gatewaySegments()).toEqual(expect.arrayContaining(['v3', 'resource', 'ads']));
  });

  it.each([...new Set(routerSegments())])('reserves the web page /%s', (segment) => {
    expect(reserved.has(segment.toLowerCase())).toBe(true);
  });

  it.each([...new Set(gatewaySegments())])('reserves the gateway location /%s', (segment) => {
    expect(reserved.has(segment.toLowerCase())).toBe(true);
  });

  it('lists each name once, in lower case', () => {
    expect(new Set(RESERVED_USERNAMES).size).toBe(RESERVED_USERNAMES.length);
    for (const name of RESERVED_USERNAMES) expect(name).toBe(name.toLowerCase());
  });
});
