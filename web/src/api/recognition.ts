import { z } from 'zod';
import { recognisedViewerSchema, type RecognisedViewer } from '@pinhive/contracts';
import { apiRequest } from './client';

/**
 * `GET /v3/auth/recognised/`: the account that last logged in on this browser (an httpOnly cookie
 * that outlives log-out), for the welcome-back log-in; null when the browser is not recognised.
 */
export function fetchRecognisedViewer(signal?: AbortSignal): Promise<RecognisedViewer | null> {
  return apiRequest('/v3/auth/recognised/', { signal, schema: recognisedViewerSchema.nullable() });
}

/** `DELETE /v3/auth/recognised/` ("Not you?"): this browser forgets that account. */
export async function forgetRecognisedViewer(): Promise<void> {
  await apiRequest('/v3/auth/recognised/', { method: 'DELETE', schema: z.null() });
}
