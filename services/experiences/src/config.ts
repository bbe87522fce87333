import { baseConfigSchema, loadConfig } from '@pinhive/kit';
import { z } from 'zod';

export const experiencesConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535).default(4003),
});
export type ExperiencesConfig = z.infer<typeof experiencesConfigSchema>;

/** The only place the experiences service reads the environment. */
export const loadExperiencesConfig = (env: Record<string, string | undefined>): Readonly<ExperiencesConfig> => loadConfig(experiencesConfigSchema, env);
