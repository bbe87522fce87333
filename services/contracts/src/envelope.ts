import { z } from 'zod';

/**
 * Every HTTP answer of every service is wrapped in the `resource_response` envelope that the
 * specification's client reads (`resource_response.data`, `resource_response.error`).
 */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  message_detail: z.string().nullable(),
  http_status: z.number().int(),
  /** Extra machine-readable data some errors carry (e.g. `phone_number_end`, `field`). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export type ResourceSuccess<T> = {
  resource_response: { status: 'success'; data: T };
  request_identifier?: string;
};
export type ResourceFailure = {
  resource_response: { status: 'failure'; error: ErrorBody; data?: null };
  request_identifier?: string;
};
export type ResourceResponse<T> = ResourceSuccess<T> | ResourceFailure;

/** Wraps `data` in the success envelope. */
export function success<T>(data: T, requestId?: string): ResourceSuccess<T> {
  return {
    resource_response: { status: 'success', data },
    ...(requestId ? { request_identifier: requestId } : {}),
  };
}

/** Wraps an error body in the failure envelope. */
export function failure(error: ErrorBody, requestId?: string): ResourceFailure {
  return {
    resource_response: { status: 'failure', error },
    ...(requestId ? { request_identifier: requestId } : {}),
  };
}

/** Builds a zod schema for a success envelope around `data` (used by clients and tests). */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    resource_response: z.object({ status: z.literal('success'), data }),
    request_identifier: z.string().optional(),
  });
}

export const failureSchema = z.object({
  resource_response: z.object({ status: z.literal('failure'), error: errorBodySchema }),
  request_identifier: z.string().optional(),
});
