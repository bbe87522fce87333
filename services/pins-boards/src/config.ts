import { adTokenSecretField, baseConfigSchema, experiencesUrlField, loadConfig, requireAdTokenSecretInProduction } from '@pinhive/kit';
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
  /**
   * Signs the `/offsite/` redirect's links (offsite/offsite.token.ts), shared by every instance:
   * at least 32 characters (`openssl rand -base64 32`). Required in production; elsewhere a fixed
   * development value stands in.
   */
  OFFSITE_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  /** Signs the tokens of the promoted pins its pages carry, which ads verifies: ads' own secret (kit ads/ad-token.ts). */
  ...adTokenSecretField,
  /** How often each instance reads its model of ads' serving campaigns again (promoted/promoted-set.ts). */
  PROMOTED_REFRESH_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  ...imagesConfigFields,
  /** The experiments (pin creation switched off, kit experiments/client.ts); required in production. */
  ...experiencesUrlField,
});
/** Stands in for OFFSITE_SECRET outside production: links signed with it are trusted nowhere else. */
const DEVELOPMENT_OFFSITE_SECRET = 'pinhive-development-offsite-secret-not-for-production';

const pinsBoardsConfig = pinsBoardsConfigSchema.superRefine((c, ctx) => {
  requireAdTokenSecretInProduction(c, ctx);
  if (c.NODE_ENV === 'production' && !c.OFFSITE_SECRET) ctx.addIssue({ code: 'custom', path: ['OFFSITE_SECRET'], message: 'required in production: signs the /offsite/ redirect (openssl rand -base64 32)' });
  // Without it every experiment is control: an operator could not switch pin creation off.
  if (c.NODE_ENV === 'production' && !c.EXPERIENCES_URL) ctx.addIssue({ code: 'custom', path: ['EXPERIENCES_URL'], message: 'required in production: where the experiences service answers (http://experiences:4003)' });
});
export type PinsBoardsConfig = z.infer<typeof pinsBoardsConfig>;

/** The secret that signs `/offsite/` links: OFFSITE_SECRET, or the development one outside production. */
export const offsiteSecretOf = (config: PinsBoardsConfig): string => config.OFFSITE_SECRET ?? DEVELOPMENT_OFFSITE_SECRET;

/** The only place pins-boards reads the environment. */
export const loadPinsBoardsConfig = (env: Record<string, string | undefined>): Readonly<PinsBoardsConfig> => loadConfig(pinsBoardsConfig, env);
