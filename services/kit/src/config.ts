import { z } from 'zod';

/**
 * How long the broker may gather a consumer's events before it hands them over (Kafka's fetch
 * wait): 0 hands each over as it arrives; more gives the handlers batches, one store write for
 * many events, at the cost of up to that much delay (docs/decisions/events-and-outbox.md). A
 * service whose consumers nobody waits on sets its own default with this field.
 */
export function eventGatherField(defaultMs: number) {
  return { EVENT_GATHER_MS: z.coerce.number().int().min(0).max(5_000).default(defaultMs) };
}

/** Variables every service reads. Service-specific ones are added with `.extend()`. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0, "must be a port number (0 picks a free one)").max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\/.+\/[A-Za-z0-9_-]+/, 'must be mongodb://host:port/database'),
  KAFKA_BROKERS: z
    .string()
    .transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d{1,5}$/, 'must be host:port[,host:port]')).min(1)),
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[a-z0-9._-]*$/).default(''),
  /** How many times a failing event handler runs before the event is parked on `<topic>.dlq`. */
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  EVENT_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  ...eventGatherField(0),
  /** How often the outbox sweeps for events a targeted publish missed (Kafka down, a crash). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /**
   * How long a consumer remembers a handled event id (processed_events). Kafka keeps messages 7
   * days by default, so a redelivery or a replay of a topic finds its record within the default.
   */
  PROCESSED_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/).default('100kb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Where services other than auth fetch the access-token public keys (auth's JWKS). */
  AUTH_JWKS_URL: z.url().optional(),
  /** Cookies only over HTTPS: set it to true wherever the gateway is served over HTTPS. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /**
   * Counts every store command by name and collection on /metrics (`mongo_commands_total`), from
   * the mongo driver's command monitoring. Off unless asked: the driver then builds an event per
   * command. The bench stack turns it on (`npm run bench -- cost` reports commands per save).
   */
  MONGO_COMMAND_METRICS: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * For a service that reads experiments (kit experiments/client.ts): where the experiences
 * service answers, e.g. `http://127.0.0.1:4003`. Without it every experiment answers control.
 */
export const experiencesUrlField = {
  EXPERIENCES_URL: z.url().regex(/^https?:\/\//, 'must be http(s)://host:port').optional(),
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at boot. Every bad variable is listed in one error, so a
 * misconfigured service stops at start with a message naming each variable.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return Object.freeze(result.data);
}
