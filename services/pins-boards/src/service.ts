import type { ServiceDefinition } from '@pinhive/kit';
import type { PinsBoardsConfig } from './config';
import { ProfileRepository } from './profiles/profile.repository';
import { profileHandlers } from './profiles/profile.handlers';
import { profileRoutes } from './profiles/profile.routes';
import { pinsBoardsIndexes } from './indexes';

/** The pins-boards service: wiring of repositories, routes and event handlers. */
export function pinsBoardsService(config: PinsBoardsConfig): ServiceDefinition<PinsBoardsConfig> {
  return {
    name: 'pins-boards',
    config,
    indexes: pinsBoardsIndexes,
    setup: (ctx) => {
      const profiles = new ProfileRepository(ctx.mongo);
      return { routes: profileRoutes(profiles), handlers: profileHandlers(profiles) };
    },
  };
}
