import { interestsIn, type EventEnvelope, type Interest, type PinSavedV1 } from '@pinhive/contracts';
import { defineHandler } from '@pinhive/kit';
import type { PersonRepository } from './person.repository';

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

/**
 * ads infers a viewer's interests from their own saves (pins-boards' `pins.pin.saved.v1`, which
 * carries the words already: no call back to pins-boards). Adding to a set is idempotent, so
 * the dispatcher keeps no processed record (no extra store command on the busiest event).
 */
export function interestHandlers(people: Pick<PersonRepository, 'addInterests'>) {
  const addAll = async (events: EventEnvelope<PinSavedV1>[]) => {
    await Promise.all([...interestsBySaver(events)].map(([saver, interests]) => people.addInterests(saver, interests)));
  };
  return [
    defineHandler({ name: 'person-interests-from-save', idempotent: true, type: 'pins.pin.saved.v1', handle: (e) => addAll([e]), handleBatch: addAll }),
  ];
}
