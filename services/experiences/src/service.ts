import type { ServiceDefinition } from '@pinhive/kit';
import type { ExperiencesConfig } from './config';
import { experimentsModule } from './experiments/experiments';

/**
 * The experiences service: experiments today; experiences, placements and upsell rules arrive
 * with their issue (saving-boards-ads.md).
 */
export function experiencesService(config: ExperiencesConfig): ServiceDefinition<ExperiencesConfig> {
  return {
    name: 'experiences',
    config,
    setup: (ctx) => {
      const experiments = experimentsModule({
        mongo: ctx.mongo, logger: ctx.logger, starting: config.EXPERIMENT_ALLOCATIONS,
        allowOverrides: config.NODE_ENV !== 'production', secureCookies: config.COOKIE_SECURE,
      });
      return {
        routes: [...experiments.routes],
        checks: [...experiments.checks],
        stop: () => experiments.stop(),
      };
    },
  };
}
