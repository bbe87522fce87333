import type { EventEnvelope, PinSavedV1 } from '@pinhive/contracts';
import { interestHandlers, interestsBySaver } from './interest-handlers';

const image = { url: '/media/236x/a.jpg', width: 236, height: 300 };
let n = 0;
const saved = (pinnerId: string, card?: { title: string; description?: string; boardName?: string }): EventEnvelope<PinSavedV1> => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, type: 'pins.pin.saved.v1', version: 1, occurredAt: '2026-11-28T12:00:00.000Z', producer: 'pins-boards', key: `pin-${n}`,
  data: {
    pinId: `pin-${n}`, boardId: 'board-1', sectionId: null, pinnerId, firstSave: false, repinOf: null, imageId: 'img', coverImageUrl: image.url, dominantColor: '#aaaaaa',
    ...(card ? { card: { title: card.title, description: card.description ?? '', link: null, image236: image, imageOrig: image, savedAt: '2026-11-28T12:00:00.000Z', boardName: card.boardName } } : {}),
  },
});

describe('interests from saves', () => {
  it("gathers each saver's interests across a batch, from title, description and board name", () => {
    const found = interestsBySaver([
      saved('ann', { title: 'Lemon cake', boardName: 'Baking' }),
      saved('ann', { title: 'Untitled', description: 'my wedding bouquet' }),
      saved('ann', { title: 'Brownies', boardName: 'Dessert' }),
      saved('bo', { title: 'Sunset', boardName: 'Travel' }),
      saved('cy', { title: 'IMG_2041' }),
      saved('dee'),
    ]);
    expect(found).toEqual(new Map([['ann', ['food', 'weddings']], ['bo', ['travel']]]));
  });

  it('writes once per saver whose saves mark an interest, and nothing for the rest', async () => {
    const addInterests = jest.fn(async () => undefined);
    const [handler] = interestHandlers('interests-from-save', { addInterests });
    await handler!.handleBatch!([saved('ann', { title: 'Garden shed', boardName: 'Plants' }), saved('ann', { title: 'Tomato seedlings' }), saved('cy', { title: 'IMG_2041' })]);
    expect(addInterests).toHaveBeenCalledTimes(1);
    expect(addInterests).toHaveBeenCalledWith('ann', ['garden']);
  });

  it('writes only interests it has not added for that person yet, and after a failed write tries them again', async () => {
    const addInterests = jest.fn(async () => undefined);
    const [handler] = interestHandlers('interests-from-save', { addInterests });
    await handler!.handle(saved('ann', { title: 'Garden shed' }));
    await handler!.handle(saved('ann', { title: 'Tomato seedlings', boardName: 'Plants' }));
    expect(addInterests).toHaveBeenCalledTimes(1);
    await handler!.handle(saved('ann', { title: 'Garden wedding' }));
    expect(addInterests).toHaveBeenLastCalledWith('ann', ['weddings']);
    addInterests.mockRejectedValueOnce(new Error('store away'));
    await expect(handler!.handle(saved('bo', { title: 'Sunset', boardName: 'Travel' }))).rejects.toThrow('store away');
    await handler!.handle(saved('bo', { title: 'Beach', boardName: 'Travel' }));
    expect(addInterests).toHaveBeenLastCalledWith('bo', ['travel']);
    expect(addInterests).toHaveBeenCalledTimes(4);
  });
});
