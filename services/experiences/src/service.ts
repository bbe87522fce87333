import type { ServiceDefinition } from '@pinhive/kit';
import type { ExperiencesConfig } from './config';
import { experiencesModule } from './experiences/experiences';
import { experimentsModule } from './experiments/experiments';

/**
 * The experiences service: experiments, and experiences (prompts such as onboarding) at
 * placements with each person's status of them (saving-boards-ads.md sections 3, 4 and 7).
 */
export function experiencesService(config: ExperiencesConfig): ServiceDefinition<ExperiencesConfig> {
  return {
    name: 'experiences',
    config,
    // Only the people's read cache uses it: the service stays ready and reads the store without it.
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL, redisOptional: true } : {}),
    setup: (ctx) => {
      const experiments = experimentsModule({
        mongo: ctx.mongo, logger: ctx.logger, starting: config.EXPERIMENT_ALLOCATIONS,
        allowOverrides: config.NODE_ENV !== 'production', secureCookies: config.COOKIE_SECURE,
      });
      // Targeting by experiment group reads the allocations in use (an operator's change included).
      const experiences = experiencesModule({ mongo: ctx.mongo, groupOf: experiments.groupOf, readCache: ctx.readCache.bind(ctx) });
      return {
        routes: [...experiments.routes, ...experiences.routes],
        handlers: experiences.handlers,
        carryOvers: experiences.carryOvers,
        checks: [...experiments.checks],
        stop: () => experiments.stop(),
      };
    },
  };
}
