import type { ErrorBody } from '@pinhive/contracts';
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

/** True when the server said 401: nobody is logged in (or the session could not be renewed). */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.http_status === 401;
}

/** An answer that is not a readable envelope (or does not match its contract). */
export function unreadable(httpStatus: number, detail: string): ApiError {
  return new ApiError({
    code: httpStatus === 404 ? 'not_found' : 'bad_response',
    message: i18n.t('errors.generic'),
    message_detail: detail,
    http_status: httpStatus,
  });
}
