import { z } from 'zod';
import {
  BOARD_TITLE_SUGGESTIONS_MAX,
  boardTitleSuggestionsSchema,
  foundImagesSchema,
  pinSchema,
  savedPinCheckSchema,
  savedPinSchema,
  type FoundImages,
  type Pin,
  type PinCreateOptions,
  type RepinOptions,
  type SavedPin,
  type SavedPinCheck,
} from '@pinhive/contracts';
import { apiRequest } from '../api/client';
import { idempotencyKey } from '../api/idempotency';
import { resourceGet, resourceWrite } from '../api/resource';

/** `GET /v3/pins/{id}/`: the close-up's pin. */
export function fetchPin(pinId: string, signal?: AbortSignal): Promise<Pin> {
  return apiRequest(`/v3/pins/${encodeURIComponent(pinId)}/`, { schema: pinSchema, signal });
}

/** PinResource create: a new pin from an image url (the popup, the mobile page). */
export function createPin(options: PinCreateOptions): Promise<SavedPin> {
  return resourceWrite('PinResource', 'create', options, savedPinSchema, idempotencyKey('save'));
}

/** RepinResource create: an existing pin saved to one of the viewer's boards. */
export function repin(options: RepinOptions): Promise<SavedPin> {
  return resourceWrite('RepinResource', 'create', options, savedPinSchema, idempotencyKey('save'));
}

export function deletePin(pinId: string): Promise<{ id: string }> {
  return resourceWrite('PinResource', 'delete', { id: pinId }, z.object({ id: z.string() }));
}

/** `GET /v3/pins/{id}/board_title_suggestions/`: names for a new board, at most 5. */
export async function fetchBoardTitleSuggestions(pinId: string, signal?: AbortSignal): Promise<string[]> {
  const items = await apiRequest(`/v3/pins/${encodeURIComponent(pinId)}/board_title_suggestions/`, { schema: boardTitleSuggestionsSchema, signal });
  return items.map((item) => item.title).filter(Boolean).slice(0, BOARD_TITLE_SUGGESTIONS_MAX);
}

/** `PUT /v3/pins/image/`: warms the image up when the popup opens; nothing waits for it, failures are silent. */
export function warmPinImage(imageUrl: string): void {
  apiRequest('/v3/pins/image/', { method: 'PUT', body: { image_url: imageUrl } }).catch(() => undefined);
}

/** FindPinImagesResource get: the images on a page, when no image was given. */
export function findPinImages(url: string, signal?: AbortSignal): Promise<FoundImages> {
  return resourceGet('FindPinImagesResource', { url }, foundImagesSchema, signal);
}

/** SavedPinCheckResource get: the viewer's pin of an image link they saved before (the bookmarklet's already-saved check). */
export function checkSavedImage(imageUrl: string, signal?: AbortSignal): Promise<SavedPinCheck> {
  return resourceGet('SavedPinCheckResource', { image_url: imageUrl }, savedPinCheckSchema, signal);
}
