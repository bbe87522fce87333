import type { PageMeta, ResourceResponse } from '@pinhive/contracts';
import type { z } from 'zod';
import { ApiError, NetworkError, unreadable } from './apiError';
import { csrfHeaders, fetchCsrfCookie } from './csrf';

export { ApiError, NetworkError, isApiError, isNotFound, isUnauthorized } from './apiError';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a save's `Idempotency-Key`, the same on every retry of it). */
  headers?: Record<string, string>;
  /** A contracts schema for `resource_response.data`: a mismatch is reported as a bad answer. */
  schema?: z.ZodType<T>;
  /** Let the request outlive the page (`fetch` keepalive): events sent as the page is hidden or left. */
  keepalive?: boolean;
}

/** Where the session is renewed when the access token has expired. */
export const REFRESH_PATH = '/v3/auth/refresh/';

/**
 * Calls the gateway (same origin, relative path such as `/v3/register/`) and returns
 * `resource_response.data`. Throws `ApiError` with the failure envelope's code, message,
 * http_status and data; `NetworkError` when no answer came back.
 *
 * Sessions: non-GET requests carry the CSRF header. A 401 `token_expired` renews the session
 * (`POST /v3/auth/refresh/`, shared by concurrent callers) and retries once; if the renewal is
 * refused, its 401 is thrown (the viewer is anonymous). A 403 `csrf_failed` fetches a fresh
 * token and retries once.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequestWithBookmarks(path, options)).data;
}

/** A page of a paged read: its data, the next bookmark (`-end-` or absent on the last page) and what the page says about itself. */
export interface Paged<T> {
  data: T;
  bookmarks: string[] | undefined;
  meta?: PageMeta;
}

/** As `apiRequest`, keeping the envelope's `bookmarks` (paged resource reads). */
export async function apiRequestWithBookmarks<T>(path: string, options: RequestOptions<T> = {}): Promise<Paged<T>> {
  try {
    return await send(path, options);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'token_expired') {
      await refreshSession();
      return send(path, options);
    }
    if (error.code === 'csrf_failed' && (options.method ?? 'GET') !== 'GET') {
      await fetchCsrfCookie();
      return send(path, options);
    }
    throw error;
  }
}

let refreshing: Promise<void> | null = null;

/** Renews the session cookies once for every request that found its access token expired. */
export function refreshSession(): Promise<void> {
  refreshing ??= send<unknown>(REFRESH_PATH, { method: 'POST' })
    .then(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** One request, no retries. */
async function send<T>(path: string, options: RequestOptions<T>): Promise<Paged<T>> {
  const { method = 'GET', body, signal, schema } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    if (method !== 'GET') Object.assign(headers, await csrfHeaders());
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
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
  const bookmarks = Array.isArray(payload.bookmarks) ? payload.bookmarks : undefined;
  const meta = payload.meta !== null && typeof payload.meta === 'object' ? { meta: payload.meta } : {};
  if (!schema) return { data: payload.data, bookmarks, ...meta };

  const parsed = schema.safeParse(payload.data);
  if (parsed.success) return { data: parsed.data, bookmarks, ...meta };
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
