import type { EventEnvelope, PinSavedV1 } from '@pinhive/contracts';
import { defineHandler, type Logger } from '@pinhive/kit';
import { slugify } from '../shared/slug';
import type { IndexedPin, SearchIndex } from './search.index';

/**
 * The search index follows pins-boards' and auth's events. Every write is an upsert versioned by
 * the event's `occurredAt`, or a tombstone (search.index.ts): a second delivery, or an older
 * event arriving after a newer one of another topic, changes nothing. So each handler is
 * `idempotent` and the dispatcher keeps no processed record for it (no store command per event).
 * Every write but a save's then marks the kept answers changed (results-cache.ts), so that what
 * it hides or renames is seen by the next search.
 */
export function searchHandlers(index: SearchIndex, logger: Logger, changed: () => Promise<void>) {
  const at = (e: { occurredAt: string }) => new Date(e.occurredAt);
  const pinOf = (e: EventEnvelope<PinSavedV1>): IndexedPin | null => {
    const { data } = e;
    // Events stored before saves carried their card: `npm run admin -- search reindex` indexes those pins.
    if (!data.card) return null;
    return {
      pinId: data.pinId, boardId: data.boardId, pinnerId: data.pinnerId, title: data.card.title, description: data.card.description,
      link: data.card.link, dominantColor: data.dominantColor, image236: data.card.image236, imageOrig: data.card.imageOrig,
      createdAt: new Date(data.card.savedAt), at: at(e),
    };
  };
  const savePins = async (events: EventEnvelope<PinSavedV1>[]) => {
    const pins = events.map(pinOf).filter((p): p is IndexedPin => p !== null);
    if (pins.length < events.length) logger.debug({ skipped: events.length - pins.length }, 'saves without a card left to the reindex');
    await index.savePins(pins);
  };
  const then = (write: Promise<void>) => write.then(changed);
  return [
    defineHandler({ name: 'search-saved-pin', idempotent: true, type: 'pins.pin.saved.v1', handle: (e) => savePins([e]), handleBatch: savePins }),
    defineHandler({ name: 'search-deleted-pin', idempotent: true, type: 'pins.pin.deleted.v1', handle: (e) => then(index.deletePin(e.data.pinId, at(e))) }),
    defineHandler({ name: 'search-moved-pins', idempotent: true, type: 'pins.pin.moved.v1', handle: (e) => then(index.movePins(e.data.pinIds, e.data.toBoardId, at(e))) }),
    defineHandler({
      name: 'search-created-board', idempotent: true, type: 'pins.board.created.v1',
      handle: ({ data, occurredAt }) => then(index.saveBoard({
        boardId: data.boardId, ownerId: data.ownerId, name: data.name, slug: data.slug ?? slugify(data.name, 'board'),
        description: data.description ?? '', privacy: data.privacy, at: new Date(occurredAt),
      })),
    }),
    defineHandler({
      name: 'search-changed-board', idempotent: true, type: 'pins.board.changed.v1',
      handle: ({ data, occurredAt }) => then(index.saveBoard({ ...data, at: new Date(occurredAt) })),
    }),
    defineHandler({ name: 'search-deleted-board', idempotent: true, type: 'pins.board.deleted.v1', handle: (e) => then(index.deleteBoard(e.data.boardId, at(e))) }),
    defineHandler({
      name: 'search-added-collaborator', idempotent: true, type: 'pins.board.collaborator-added.v1',
      handle: (e) => then(index.setMember(e.data.boardId, e.data.collaboratorId, true, at(e))),
    }),
    defineHandler({
      name: 'search-removed-collaborator', idempotent: true, type: 'pins.board.collaborator-removed.v1',
      handle: (e) => then(index.setMember(e.data.boardId, e.data.collaboratorId, false, at(e))),
    }),
    defineHandler({
      name: 'search-registered-person', idempotent: true, type: 'auth.user.registered.v1',
      handle: ({ data, occurredAt }) => then(index.savePerson({ userId: data.userId, username: data.username, fullName: fullName(data), at: new Date(occurredAt) })),
    }),
    defineHandler({
      name: 'search-renamed-person', idempotent: true, type: 'auth.user.profile-changed.v1',
      handle: ({ data, occurredAt }) => then(index.savePerson({ userId: data.userId, username: data.username, fullName: fullName(data), at: new Date(occurredAt) })),
    }),
    defineHandler({ name: 'search-deactivated-person', idempotent: true, type: 'auth.user.deactivated.v1', handle: (e) => then(index.setDeactivated(e.data.userId, true, at(e))) }),
    defineHandler({ name: 'search-reactivated-person', idempotent: true, type: 'auth.user.reactivated.v1', handle: (e) => then(index.setDeactivated(e.data.userId, false, at(e))) }),
  ];
}

/** A person's name as profiles show it. */
export const fullName = (p: { firstName: string; lastName: string }): string => `${p.firstName} ${p.lastName}`.trim();
