import { onceEver, type ServiceContext } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { ExperienceDefinitions } from './experience.definitions';
import { experienceHandlers } from './experience.handlers';
import { ExperiencePeople, PEOPLE_CACHE } from './experience.people';
import { experienceRoutes } from './experience.routes';
import { STARTING_EXPERIENCES } from './experience.seeds';
import { ExperienceService, type GroupOf } from './experience.service';

/** The experiences module: operator-defined experiences, people's statuses, onboarding by events. */
export function experiencesModule(deps: { mongo: Connection; groupOf: GroupOf; readCache: ServiceContext<never>['readCache'] }) {
  const definitions = new ExperienceDefinitions(deps.mongo);
  const people = new ExperiencePeople(deps.mongo, deps.readCache(PEOPLE_CACHE));
  const experiences = new ExperienceService({ definitions, people, groupOf: deps.groupOf });
  return {
    routes: experienceRoutes(experiences),
    handlers: experienceHandlers(experiences, people),
    // The starting experiences, once per database: an operator's later edits stay.
    carryOvers: [() => onceEver(deps.mongo, 'experiences-seeded-v1', () => definitions.seed(STARTING_EXPERIENCES))],
  };
}
