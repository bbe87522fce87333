import { baseConfigSchema, loadConfig } from '@pinhive/kit';
import { z } from 'zod';
import { imagesConfigFields } from './images/images.config';
import { MOVE_SWEEP_MS } from './moves/move.model';

export const pinsBoardsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535).default(4002),
  /** Where the read caches keep their stamps (kit cache/read-cache.ts); reads go to the store while it is away. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://host:port'),
  /**
   * The search index's database (search/pg/schema.ts): its own database on the stack's PostgreSQL,
   * made on first start. `postgres://user:password@host:port/database`.
   */
  SEARCH_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/.+\/[A-Za-z0-9_]+$/, 'must be postgres://user:password@host:port/database'),
  /** A move still running after this long answers 202 and goes on in the background (moves/move.service.ts). */
  MOVE_ANSWER_WITHIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How often each instance looks for moves whose process died (moves/moves.ts); 0 runs no sweep here, as tests that crash moves on purpose want. */
  MOVE_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(MOVE_SWEEP_MS),
  ...imagesConfigFields,
});
export type PinsBoardsConfig = z.infer<typeof pinsBoardsConfigSchema>;

/** The only place pins-boards reads the environment. */
export const loadPinsBoardsConfig = (env: Record<string, string | undefined>): Readonly<PinsBoardsConfig> => loadConfig(pinsBoardsConfigSchema, env);
