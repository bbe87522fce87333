import type { ErrorBody, ResourceResponse } from '@pinhive/contracts';
import type { z } from 'zod';
import i18n from '../i18n';

/** A failure the gateway or a service answered with (or an unreadable answer). */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly code: string;
  readonly http_status: number;
  readonly message_detail: string | null;
  readonly data: Record<string, unknown> | undefined;

  constructor(body: ErrorBody) {
    super(body.message);
    this.code = body.code;
    this.http_status = body.http_status;
    this.message_detail = body.message_detail;
    this.data = body.data;
  }

  /** The field the server blamed (`error.data.field`), if it named one. */
  get field(): string | undefined {
    const field = this.data?.['field'];
    return typeof field === 'string' ? field : undefined;
  }
}

/** The request never got an answer (offline, gateway down, aborted by the browser). */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super({ code: 'network_error', message: i18n.t('errors.generic'), message_detail: null, http_status: 0 });
    this.cause = cause;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server said 404 (envelope or not). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.http_status === 404;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** A contracts schema for `resource_response.data`: a mismatch is reported as a bad answer. */
  schema?: z.ZodType<T>;
}

/**
 * Calls the gateway (same origin, relative path such as `/v3/register/`) and returns
 * `resource_response.data`. Throws `ApiError` with the failure envelope's code, message,
 * http_status and data; `NetworkError` when no answer came back.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new NetworkError(cause);
  }

  const envelope = await readEnvelope<T>(response);
  if (!envelope) throw unreadable(response.status, `Unreadable answer from ${method} ${path}`);
  const payload = envelope.resource_response;
  if (payload.status === 'failure') throw new ApiError({ ...payload.error, http_status: payload.error.http_status || response.status });
  if (!response.ok) throw unreadable(response.status, `HTTP ${response.status} with a success envelope`);
  if (!schema) return payload.data;

  const parsed = schema.safeParse(payload.data);
  if (parsed.success) return parsed.data;
  console.error(`Answer of ${method} ${path} does not match its contract`, parsed.error.issues);
  throw unreadable(response.status, 'Answer does not match its contract');
}

async function readEnvelope<T>(response: Response): Promise<ResourceResponse<T> | null> {
  try {
    const json: unknown = await response.json();
    const rr = (json as { resource_response?: { status?: unknown } } | null)?.resource_response;
    return rr?.status === 'success' || rr?.status === 'failure' ? (json as ResourceResponse<T>) : null;
  } catch {
    return null;
  }
}

function unreadable(httpStatus: number, detail: string): ApiError {
  return new ApiError({
    code: httpStatus === 404 ? 'not_found' : 'bad_response',
    message: i18n.t('errors.generic'),
    message_detail: detail,
    http_status: httpStatus,
  });
}
