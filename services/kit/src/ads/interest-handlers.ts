import { interestsIn, type EventEnvelope, type Interest, type PinSavedV1 } from '@pinhive/contracts';
import { LRUCache } from 'lru-cache';
import { defineHandler } from '../events/bus';

/**
 * People whose stored interests this process remembers (those it added itself): about 100 bytes
 * each, so at most a few megabytes.
 */
export const KNOWN_INTERESTS_PEOPLE = 20_000;

/**
 * The interests each saver's saves mark, a batch's saves together: one write per saver whose
 * pins' words mark any (title, description, board name: `interestsIn`), none for the others.
 * A save whose event has no card (stored before saves carried one) marks nothing.
 */
export function interestsBySaver(events: readonly EventEnvelope<PinSavedV1>[]): Map<string, Interest[]> {
  const found = new Map<string, Set<Interest>>();
  for (const { data } of events) {
    if (!data.card) continue;
    const interests = interestsIn(data.card.title, data.card.description, data.card.boardName);
    if (interests.length === 0) continue;
    const kept = found.get(data.pinnerId) ?? new Set<Interest>();
    for (const i of interests) kept.add(i);
    found.set(data.pinnerId, kept);
  }
  return new Map([...found].map(([saver, set]) => [saver, [...set]]));
}

/** Where a service keeps a person's interests: adds them to a set (`$addToSet`), so adding twice changes nothing. */
export interface InterestStore {
  addInterests(userId: string, interests: readonly Interest[]): Promise<void>;
}

/**
 * A viewer's interests inferred from their own saves (pins-boards' `pins.pin.saved.v1`, which
 * carries the words already), for ad targeting: ads keeps them for search's promoted pins,
 * pins-boards for the home feed's. Adding to a set is idempotent, so
 * the dispatcher keeps no processed record (no extra store command on the busiest event).
 *
 * Interests are never taken away, and a person's saves mostly mark interests they have already:
 * the interests this process has added for a person are remembered, and a save that marks only
 * those writes nothing (the cost benchmark's saves wrote 0.9 times a save before). Another
 * instance, or a restart, writes them once more, which changes nothing.
 */
export function interestHandlers(name: string, people: InterestStore) {
  const known = new LRUCache<string, Set<Interest>>({ max: KNOWN_INTERESTS_PEOPLE });
  const addAll = async (events: EventEnvelope<PinSavedV1>[]) => {
    await Promise.all([...interestsBySaver(events)].map(async ([saver, interests]) => {
      const fresh = interests.filter((i) => !known.get(saver)?.has(i));
      if (fresh.length === 0) return;
      await people.addInterests(saver, fresh);
      // Added to the set held now: another batch of the same saver may have added to it meanwhile.
      const held = known.get(saver) ?? new Set<Interest>();
      for (const i of fresh) held.add(i);
      known.set(saver, held);
    }));
  };
  return [
    defineHandler({ name, idempotent: true, type: 'pins.pin.saved.v1', handle: (e) => addAll([e]), handleBatch: addAll }),
  ];
}
