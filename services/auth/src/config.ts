import { baseConfigSchema, loadConfig } from '@pinhive/kit';
import { z } from 'zod';

export const authConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535).default(4001),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://host:port'),
  /** bcrypt cost; the blueprint requires at least 10. */
  BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(11),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The only place the auth service reads the environment. */
export const loadAuthConfig = (env: Record<string, string | undefined>): Readonly<AuthConfig> => loadConfig(authConfigSchema, env);
