import { baseConfigSchema, eventGatherField, loadConfig } from '@pinhive/kit';
import { z } from 'zod';
import { parseAllocations } from './experiments/assignment';

export const experiencesConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535).default(4003),
  /**
   * Nobody waits on this service's consumers to the millisecond (onboarding steps completed by
   * events): the broker gathers their events for up to half a second, and the handlers take them
   * in batches (docs/decisions/events-and-outbox.md).
   */
  ...eventGatherField(500),
  /** Redis for the people's read cache's stamps (experiences/experience.people.ts); without it every read goes to the store. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://host:port').optional(),
  /** Experiment shares over the defaults, e.g. `kr_privacy_consent=enabled:50` (see experiments/assignment.ts): the starting values, until an operator stores others (npm run admin -- experiments set). */
  EXPERIMENT_ALLOCATIONS: z.string().default('').transform((text, ctx) => {
    try {
      return parseAllocations(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
});
export type ExperiencesConfig = z.infer<typeof experiencesConfigSchema>;

/** The only place the experiences service reads the environment. */
export const loadExperiencesConfig = (env: Record<string, string | undefined>): Readonly<ExperiencesConfig> => loadConfig(experiencesConfigSchema, env);
