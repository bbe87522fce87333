import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Boards, sections and pins made through the pins-boards resources (`POST /resource/<Name>/<action>/`
 * with `{ options }`), as the web app makes them, for tests that need them to exist first. The
 * request context's cookies say whose they are.
 */
async function resourceCreate<T>(request: APIRequestContext, name: string, options: Record<string, unknown>): Promise<T> {
  const csrf = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  if (!(await csrf())) await request.get('/v3/users/me/');
  const response = await request.post(`/resource/${name}/create/`, { headers: { 'X-CSRFToken': (await csrf()) ?? '' }, data: { options } });
  expect(response.status(), `${name} create: ${await response.text()}`).toBe(201);
  return (await response.json()).resource_response.data as T;
}

export interface CreatedBoard {
  id: string;
  name: string;
  /** `/{username}/{slug}/` */
  url: string;
}

export const createBoard = (request: APIRequestContext, name: string): Promise<CreatedBoard> =>
  resourceCreate(request, 'BoardResource', { name, privacy: 'public' });

export const createSection = (request: APIRequestContext, boardId: string, name: string): Promise<{ id: string; title: string; slug: string }> =>
  resourceCreate(request, 'BoardSectionResource', { board_id: boardId, name, name_source: 0 });

/** A pin from an image URL the service may fetch (the page server's). */
export const createPin = (
  request: APIRequestContext,
  boardId: string,
  imageUrl: string,
  extra: { description?: string; link?: string; title?: string } = {},
): Promise<{ id: string }> => resourceCreate(request, 'PinResource', { board_id: boardId, image_url: imageUrl, method: 'button', ...extra });

/** A pin from uploaded bytes (`image_base64`): with bytes of its own, an image no other test saved. */
export const uploadPin = (request: APIRequestContext, boardId: string, image: Buffer, extra: { description?: string; link?: string } = {}): Promise<{ id: string }> =>
  resourceCreate(request, 'PinResource', { board_id: boardId, image_base64: image.toString('base64'), method: 'button', ...extra });

/** A repin (RepinResource create): the pin saved again onto a board of the request's owner. */
export const repinPin = (request: APIRequestContext, pinId: string, boardId: string, description = ''): Promise<{ id: string }> =>
  resourceCreate(request, 'RepinResource', { pin_id: pinId, board_id: boardId, description });
