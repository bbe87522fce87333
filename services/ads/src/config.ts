import { baseConfigSchema, loadConfig } from '@pinhive/kit';
import { z } from 'zod';

export const adsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535).default(4004),
});
export type AdsConfig = z.infer<typeof adsConfigSchema>;

/** The only place the ads service reads the environment. */
export const loadAdsConfig = (env: Record<string, string | undefined>): Readonly<AdsConfig> => loadConfig(adsConfigSchema, env);
