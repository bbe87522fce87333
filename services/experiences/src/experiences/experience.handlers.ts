import { defineHandler } from '@pinhive/kit';
import type { ExperiencePeople } from './experience.people';
import type { ExperienceService } from './experience.service';

/**
 * Onboarding follows what people do: an event completes every experience that names its type
 * (`completed_by_events`), for the person it is about. The kit's dispatcher runs each handler
 * once per event id, and a status never goes back, so an event delivered twice, or after a later
 * one, changes an experience at most once.
 */
export function experienceHandlers(experiences: ExperienceService, people: ExperiencePeople) {
  return [
    defineHandler({
      name: 'experience-person-registered',
      type: 'auth.user.registered.v1',
      handle: async ({ data }) => {
        await people.recordRegistration(data.userId, data.country?.toUpperCase() ?? null, new Date(data.registeredAt));
      },
    }),
    defineHandler({
      name: 'experience-pin-saved',
      type: 'pins.pin.saved.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.pinnerId, 'pins.pin.saved.v1', new Date(occurredAt)),
    }),
    defineHandler({
      name: 'experience-board-created',
      type: 'pins.board.created.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.ownerId, 'pins.board.created.v1', new Date(occurredAt)),
    }),
    defineHandler({
      name: 'experience-board-followed',
      type: 'pins.board.followed.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.followerId, 'pins.board.followed.v1', new Date(occurredAt)),
    }),
    defineHandler({
      name: 'experience-user-followed',
      type: 'pins.user.followed.v1',
      handle: ({ data, occurredAt }) => experiences.completeByEvent(data.followerId, 'pins.user.followed.v1', new Date(occurredAt)),
    }),
  ];
}
