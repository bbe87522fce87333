import type { ServiceDefinition } from '@pinhive/kit';
import type { ExperiencesConfig } from './config';
import { experiencesModule } from './experiences/experiences';
import { experimentRoutes } from './experiments/experiment.routes';
import { groupOf } from './experiments/assignment';

/**
 * The experiences service: experiments, and experiences (prompts such as onboarding) at
 * placements with each person's status of them (saving-boards-ads.md sections 3, 4 and 7).
 */
export function experiencesService(config: ExperiencesConfig): ServiceDefinition<ExperiencesConfig> {
  return {
    name: 'experiences',
    config,
    setup: (ctx) => {
      const experiences = experiencesModule({ mongo: ctx.mongo, groupOf: (name, subject) => groupOf(name, subject, config.EXPERIMENT_ALLOCATIONS) });
      return {
        routes: [
          ...experimentRoutes(config.EXPERIMENT_ALLOCATIONS, { allowOverrides: config.NODE_ENV !== 'production', secureCookies: config.COOKIE_SECURE }),
          ...experiences.routes,
        ],
        handlers: experiences.handlers,
        carryOvers: experiences.carryOvers,
      };
    },
  };
}
