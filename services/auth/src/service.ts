import type { ServiceDefinition } from '@pinhive/kit';
import type { AuthConfig } from './config';
import { USERS_COLLECTION } from './users/user.model';
import { UserRepository } from './users/user.repository';
import { RegistrationService } from './users/registration.service';
import { userRoutes } from './users/user.routes';

/** The auth service: wiring of repositories, services and routes. */
export function authService(config: AuthConfig): ServiceDefinition<AuthConfig> {
  return {
    name: 'auth',
    config,
    redisUrl: config.REDIS_URL,
    outboxCollections: [USERS_COLLECTION],
    setup: (ctx) => {
      const users = new UserRepository(ctx.mongo);
      users.init().catch((err: unknown) => ctx.logger.error({ err }, 'creating user indexes failed'));
      const registration = new RegistrationService(users, { bcryptCost: config.BCRYPT_COST, onStored: () => ctx.outbox.kick() });
      return { routes: userRoutes(registration) };
    },
  };
}
