import type { ServiceDefinition } from '@pinhive/kit';
import type { ExperiencesConfig } from './config';
import { experimentRoutes } from './experiments/experiment.routes';

/**
 * The experiences service: experiments today; experiences, placements and upsell rules arrive
 * with their issue (saving-boards-ads.md).
 */
export function experiencesService(config: ExperiencesConfig): ServiceDefinition<ExperiencesConfig> {
  return {
    name: 'experiences',
    config,
    setup: () => ({
      routes: experimentRoutes(config.EXPERIMENT_ALLOCATIONS, { allowOverrides: config.NODE_ENV !== 'production', secureCookies: config.COOKIE_SECURE }),
    }),
  };
}
