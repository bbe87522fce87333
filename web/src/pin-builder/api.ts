import {
  PIN_BUILDER_PINS_PATH,
  PIN_BUILDER_UPLOAD_PATH,
  pinBuilderCreatedSchema,
  pinBuilderUploadSchema,
  type PinBuilderCreate,
  type PinBuilderCreated,
  type PinBuilderScenario,
  type PinBuilderUpload,
  type ResourceResponse,
} from '@pinhive/contracts';
import { ApiError, apiRequest, NetworkError, refreshSession } from '../api/client';
import { unreadable } from '../api/apiError';
import { csrfHeaders, fetchCsrfCookie } from '../api/csrf';

export interface UploadOptions {
  scenario: PinBuilderScenario;
  advertiserId?: string | undefined;
  /** Bytes sent so far and in all, as the browser reports them (XMLHttpRequest upload progress). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /v3/pin-builder/uploads/`: the file itself as the body, sent by XMLHttpRequest because
 * fetch() reports no upload progress. The same session rules as every call (api/client.ts): an
 * expired access token is renewed and the upload sent again once; a stale CSRF token likewise.
 */
export async function uploadImage(file: File, options: UploadOptions): Promise<PinBuilderUpload> {
  try {
    return await sendUpload(file, options);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'token_expired') {
      await refreshSession();
      return sendUpload(file, options);
    }
    if (error.code === 'csrf_failed') {
      await fetchCsrfCookie();
      return sendUpload(file, options);
    }
    throw error;
  }
}

async function sendUpload(file: File, { scenario, advertiserId, onProgress, signal }: UploadOptions): Promise<PinBuilderUpload> {
  const headers = await csrfHeaders();
  const query = new URLSearchParams({ scenario, ...(advertiserId ? { advertiser_id: advertiserId } : {}) });
  return new Promise<PinBuilderUpload>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${PIN_BUILDER_UPLOAD_PATH}?${query.toString()}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      let envelope: ResourceResponse<unknown> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as ResourceResponse<unknown>;
      } catch {
        envelope = null;
      }
      const payload = envelope?.resource_response;
      if (payload?.status === 'failure') return reject(new ApiError({ ...payload.error, http_status: payload.error.http_status || xhr.status }));
      // nginx refuses a body over its limit with its own page, not an envelope.
      if (xhr.status === 413) return reject(new ApiError({ code: 'image_too_large', message: '', message_detail: null, http_status: 413 }));
      if (payload?.status !== 'success') return reject(unreadable(xhr.status, `Unreadable answer from POST ${PIN_BUILDER_UPLOAD_PATH}`));
      const parsed = pinBuilderUploadSchema.safeParse(payload.data);
      if (!parsed.success) return reject(unreadable(xhr.status, 'Answer does not match its contract'));
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** `POST /v3/pin-builder/pins/`: one pin per upload; the key makes a retry answer what the first attempt made. */
export function createPins(body: PinBuilderCreate, key: { 'Idempotency-Key': string }): Promise<PinBuilderCreated> {
  return apiRequest(PIN_BUILDER_PINS_PATH, { method: 'POST', body, headers: key, schema: pinBuilderCreatedSchema });
}
