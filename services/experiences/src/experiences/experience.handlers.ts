import { defineHandler } from '@pinhive/kit';
import type { ExperiencePeople } from './experience.people';
import type { ExperienceService } from './experience.service';

/**
 * Onboarding follows what people do: an event completes every experience that names its type
 * (`completed_by_events`), for the person it is about. A status never goes back, so an event
 * delivered twice, or after a later one, changes an experience at most once: the handlers are
 * idempotent by themselves, and the dispatcher keeps no `processed_events` record for them (two
 * store commands fewer on every save; with ExperienceService's memory of completed steps, a save
 * after a person's first costs this service no store command at all). The registration is set
 * only over an older one (setIfNewer), as idempotent.
 */
export function experienceHandlers(experiences: ExperienceService, people: ExperiencePeople) {
  return [
    defineHandler({
      name: 'experience-person-registered',
      type: 'auth.user.registered.v1',
      idempotent: true,
      handle: async ({ data }) => {
        await people.recordRegistration(data.userId, data.country?.toUpperCase() ?? null, new Date(data.registeredAt));
      },
    }),
    defineHandler({
      name: 'experience-pin-saved',
      idempotent: true,
      type: 'pins.pin.saved.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.pinnerId, 'pins.pin.saved.v1', new Date(occurredAt)),
    }),
    defineHandler({
      name: 'experience-board-created',
      idempotent: true,
      type: 'pins.board.created.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.ownerId, 'pins.board.created.v1', new Date(occurredAt)),
    }),
    defineHandler({
      name: 'experience-board-followed',
      idempotent: true,
      type: 'pins.board.followed.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.followerId, 'pins.board.followed.v1', new Date(occurredAt)),
    }),
    defineHandler({
      name: 'experience-user-followed',
      idempotent: true,
      type: 'pins.user.followed.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.followerId, 'pins.user.followed.v1', new Date(occurredAt)),
    }),
  ];
}
