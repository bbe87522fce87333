import { AppError } from '@pinhive/kit';
import type { BoardDoc } from '../boards/board.model';
import type { PinDoc } from '../pins/pin.model';
import { candidateBoardIds, shuffled, suggestable } from './related-board.rules';
import { RelatedBoardService } from './related-board.service';

const viewer = { userId: 'u-viewer', sessionId: 's', username: 'viewer', viewerType: 'AUTH' as const };
const at = new Date('2026-01-01T00:00:00Z');

const board = (id: string, over: Partial<BoardDoc> = {}): BoardDoc => ({
  _id: id, ownerId: `u-${id}`, name: `Board ${id}`, slug: `board-${id}`, ownerSlug: `u-${id}:board-${id}`, description: '', privacy: 'public', advertiserId: null,
  collaboratorIds: [], pinCount: 1, sectionCount: 0, pinSeq: 1, counted: [], coverPinId: null, coverImageUrl: null, coverColor: null, hasCustomCover: false,
  createdAt: at, lastSavedAt: at, archivedAt: null, deletedAt: null, ...over,
});

describe('which boards may be suggested', () => {
  it("another person's public board only", () => {
    expect(suggestable(viewer, board('1'))).toBe(true);
    expect(suggestable(viewer, board('1', { ownerId: viewer.userId }))).toBe(false);
    expect(suggestable(viewer, board('1', { collaboratorIds: [viewer.userId] }))).toBe(false);
    expect(suggestable(viewer, board('1', { privacy: 'secret' }))).toBe(false);
    expect(suggestable(viewer, board('1', { privacy: 'protected' }))).toBe(false);
    expect(suggestable(viewer, board('1', { archivedAt: at }))).toBe(false);
    expect(suggestable(viewer, board('1', { deletedAt: at }))).toBe(false);
  });

  it("counts each other board once, without the pin's own board or deleted pins", () => {
    const pins = [
      { _id: 'p1', boardId: 'own', deletedAt: null },
      { _id: 'p2', boardId: 'b', deletedAt: null },
      { _id: 'p3', boardId: 'b', deletedAt: null },
      { _id: 'p4', boardId: 'gone', deletedAt: at },
      { _id: 'p5', boardId: 'c', deletedAt: null },
    ];
    expect(candidateBoardIds(pins, 'own')).toEqual(['b', 'c']);
  });

  it('shuffles every item into some order, driven by the random source', () => {
    expect(shuffled([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    expect(shuffled([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
  });
});

describe('the related-board lookup', () => {
  const pin = { _id: '10', boardId: 'own', pinnerId: 'u-own', imageId: 'img', deletedAt: null } as unknown as PinDoc;
  const boards = new Map([
    ['own', board('own')],
    ['mine', board('mine', { ownerId: viewer.userId })],
    ['hidden', board('hidden', { privacy: 'secret' })],
    ['a', board('a')],
    ['b', board('b')],
    ['nameless', board('nameless')],
  ]);
  const service = (pinBoard: BoardDoc, random: () => number, onImage: string[]) =>
    new RelatedBoardService({
      pins: { findById: async (id) => (id === pin._id ? pin : null) },
      boards: { findById: async (id) => (id === 'own' ? pinBoard : (boards.get(id) ?? null)) },
      related: { ofImage: async () => onImage.map((boardId, i) => ({ _id: `p${i}`, boardId, deletedAt: null })) },
      people: { get: async (id) => ({ id, username: id === 'u-nameless' ? '' : id.replace('u-', 'user-'), full_name: '', image_medium_url: null }) },
      random,
    });

  it("suggests one of the suggestable boards at random, in the board's read shape", async () => {
    const onImage = ['own', 'mine', 'hidden', 'a', 'b'];
    const picked = new Set<string>();
    for (const r of [0, 0.3, 0.6, 0.99]) {
      const answer = await service(boards.get('own') as BoardDoc, () => r, onImage).forPin(viewer, '10');
      expect(answer).toHaveLength(1);
      expect(answer[0]).toMatchObject({ type: 'board', privacy: 'public', url: expect.stringMatching(/^\/user-[ab]\/board-[ab]\/$/) });
      picked.add(answer[0]?.id ?? '');
    }
    expect([...picked].sort()).toEqual(['a', 'b']);
  });

  it('answers none when only hidden, own or ownerless boards hold the image', async () => {
    expect(await service(boards.get('own') as BoardDoc, Math.random, ['own', 'mine', 'hidden', 'nameless']).forPin(viewer, '10')).toEqual([]);
  });

  it('answers 404 for a missing pin and for a pin on a secret board of someone else', async () => {
    const status = (p: Promise<unknown>) => p.then(() => 200, (err: unknown) => (err instanceof AppError ? err.status : err));
    expect(await status(service(board('own'), Math.random, ['a']).forPin(viewer, '11'))).toBe(404);
    expect(await status(service(board('own', { privacy: 'secret' }), Math.random, ['a']).forPin(viewer, '10'))).toBe(404);
  });
});
