import fs from 'node:fs';
import path from 'node:path';
import type { SearchIndex } from '../../src/search/search.index';

/**
 * The relevance fixture (fixtures/relevance-pins.json): a few hundred pins of four people on
 * twelve public boards, recipes, travel, fashion and home, with near-duplicates and accents.
 * Its pins' ids are digits in the order of their saves, as the kit's ids are.
 */
export interface RelevanceFixture {
  people: { id: string; username: string; fullName: string }[];
  boards: { id: string; owner: string; name: string }[];
  pins: { id: string; board: string; pinner: string; title: string; description: string; link: string | null; color: string; savedAt: string }[];
}

export const relevanceFixture = (): RelevanceFixture =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/relevance-pins.json'), 'utf8')) as RelevanceFixture;

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Writes the fixture into the index as the event consumer does (search.handlers.ts: people from
 * auth's registrations, boards and pins from pins-boards' events), in batches of pins as a
 * reindex does. The images are never read by a search: a placeholder per pin.
 */
export async function loadRelevanceFixture(index: SearchIndex, fixture: RelevanceFixture): Promise<void> {
  const at = new Date(Date.UTC(2026, 0, 1));
  for (const p of fixture.people) await index.savePerson({ userId: p.id, username: p.username, fullName: p.fullName, at });
  for (const b of fixture.boards) {
    await index.saveBoard({ boardId: b.id, ownerId: b.owner, name: b.name, slug: slugOf(b.name), description: '', privacy: 'public', at });
  }
  const pins = fixture.pins.map((p) => {
    const savedAt = new Date(p.savedAt);
    const image = { url: `/media/fixture/${p.id}.jpg`, width: 236, height: 300 };
    return {
      pinId: p.id, boardId: p.board, pinnerId: p.pinner, title: p.title, description: p.description, link: p.link,
      dominantColor: p.color, image236: image, imageOrig: image, createdAt: savedAt, at: savedAt,
    };
  });
  for (let i = 0; i < pins.length; i += 100) await index.savePins(pins.slice(i, i + 100));
}
