import { z } from 'zod';

/**
 * Kafka event envelope. The topic name is the event type (`<service>.<entity>.<event>.v<N>`),
 * the Kafka key is the aggregate id so that events of one entity stay in order.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z-]+\.[a-z-]+\.[a-z-]+\.v\d+$/),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

export const userRegisteredV1Schema = z.object({
  userId: z.string().min(1),
  username: z.string().min(1),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string().nullable(),
  registeredAt: z.iso.datetime(),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1Schema>;

/**
 * The typed event map: `publish()` and handlers are checked against it, and consumers parse
 * `data` with the schema registered here before a handler sees it.
 */
export const userLoggedInV1Schema = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1),
  method: z.enum(['email', 'facebook', 'google', 'google_one_tap', 'smartlock', 'multifactor', 'switch_account', 'line', 'sso']),
  loggedInAt: z.iso.datetime(),
});
export type UserLoggedInV1 = z.infer<typeof userLoggedInV1Schema>;

export const eventSchemas = {
  'auth.user.registered.v1': userRegisteredV1Schema,
  'auth.user.logged-in.v1': userLoggedInV1Schema,
} as const;

export type EventMap = { [K in keyof typeof eventSchemas]: z.infer<(typeof eventSchemas)[K]> };
export type EventType = keyof EventMap;

/** The version number carried in a type name (`...v1` → 1). */
export function eventVersion(type: EventType): number {
  return Number(type.slice(type.lastIndexOf('.v') + 2));
}

/** The dead-letter topic where events that keep failing are parked. */
export function deadLetterTopic(type: string): string {
  return `${type}.dlq`;
}
