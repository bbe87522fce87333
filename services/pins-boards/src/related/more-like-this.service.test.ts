import type { Pin } from '@pinhive/contracts';
import { AppError } from '@pinhive/kit';
import type { BoardFacts } from '../boards/board.model';
import type { PinDoc } from '../pins/pin.model';
import { MoreLikeThisService } from './more-like-this.service';
import type { LookAlikePin } from './related-pins.repository';

const viewer = { userId: 'u-viewer', sessionId: 's', username: 'viewer', viewerType: 'AUTH' as const };
const pin = { _id: '10', boardId: 'own', pinnerId: 'u-own', image: { id: 'img' }, title: 'Blue lamp', description: 'a brass desk lamp', deletedAt: null } as unknown as PinDoc;
const publicBoard = { _id: 'own', ownerId: 'u-own', privacy: 'public', collaboratorIds: [], deletedAt: null } as unknown as BoardFacts;

/** Pins of the near images (by image), and the ones the viewer may not see. */
function service(near: { id: string; distance: number }[], pinsOf: Record<string, Partial<LookAlikePin>[]>, hidden: string[] = [], board: BoardFacts = publicBoard) {
  const presented: string[] = [];
  const more = new MoreLikeThisService({
    pins: { findById: async (id) => (id === pin._id ? pin : null) },
    boards: { factsOf: async () => board },
    images: { nearImages: async () => near },
    related: { lookAlikesOf: async (imageId) => (pinsOf[imageId] ?? []).map((p) => ({ boardId: 'b', deletedAt: null, title: '', description: '', _id: '?', ...p })) },
    present: async (_viewer, id) => {
      presented.push(id);
      return hidden.includes(id) ? null : ({ id } as Pin);
    },
  });
  return { more, presented };
}

describe('"More like this"', () => {
  it('ranks by distance, then words in common; one pin per image, the best the viewer may see', async () => {
    const { more } = service(
      [{ id: 'near', distance: 1 }, { id: 'far', distance: 7 }, { id: 'mid', distance: 3 }],
      {
        near: [{ _id: '20', title: 'kitchen' }, { _id: '21', title: 'blue desk lamp' }, { _id: '22', title: 'blue lamp', deletedAt: new Date() }],
        mid: [{ _id: '30', title: 'anything' }],
        far: [{ _id: '40', title: 'blue lamp' }, { _id: '41' }],
      },
      ['21'],
    );
    // '21' has the most words in common but is hidden: '20' stands for its image; '22' is deleted.
    expect((await more.forPin(viewer, '10', 25)).map((p) => p.id)).toEqual(['20', '30', '40']);
  });

  it('stops at the limit, and asks about no more pins than it shows and skips', async () => {
    const near = Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, distance: i }));
    const { more, presented } = service(near, Object.fromEntries(near.map((n, i) => [n.id, [{ _id: String(100 + i) }]])));
    expect((await more.forPin(viewer, '10', 3)).map((p) => p.id)).toEqual(['100', '101', '102']);
    expect(presented.length).toBeLessThanOrEqual(5);
  });

  it('answers 404 for a missing pin or one of a secret board of someone else', async () => {
    const missing = await service([], {}).more.forPin(viewer, '99', 25).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).status).toBe(404);
    const secret = { ...publicBoard, privacy: 'secret' } as BoardFacts;
    const hidden = await service([], {}, [], secret).more.forPin(viewer, '10', 25).catch((e: unknown) => e);
    expect((hidden as AppError).status).toBe(404);
    expect(await service([], {}).more.forPin(undefined, '10', 25)).toEqual([]);
  });
});
