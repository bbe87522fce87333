import {
  boardFeedOptionsSchema,
  boardTitleSuggestionsSchema,
  findImagesOptionsSchema,
  foundImagesSchema,
  idSchema,
  IMAGE_MAX_BYTES,
  pinCreateOptionsSchema,
  pinIdOptionsSchema,
  pinSchema,
  repinOptionsSchema,
  savedPinCheckOptionsSchema,
  savedPinCheckSchema,
  savedPinSchema,
} from '@pinhive/contracts';
import { defineResource, defineRoute, idempotencyKey, memoryLimit, nextBookmark, pagedOptions, perViewer } from '@pinhive/kit';
import { z } from 'zod';
import type { ImageService } from '../images/image.service';
import type { BoardPages } from './board-pages';
import type { PinCreationGate } from './pin-creation.switches';
import type { PinService } from './pin.service';

/** A board page starts in a bucket, below a pin number (pin.repository.ts). */
const feedKey = z.object({ bucket: z.number().int().min(0), before: z.number().int().min(0) });

/** `image_base64` of up to 200 MB is 4/3 of it in base64, plus the other options. */
const SAVE_BODY_LIMIT = `${Math.ceil((IMAGE_MAX_BYTES * 4) / 3 / 1_000_000) + 1}mb`;

/**
 * Fetches from outside on a viewer's behalf (a page's images, an image ahead of its save): at
 * most 60 a minute per viewer, so nobody turns the service into a crawler. Saves are not limited.
 */
const OUTSIDE_FETCHES = { points: 60, durationSeconds: 60 };

export function pinRoutes(pins: PinService, pages: BoardPages, images: Pick<ImageService, 'warm' | 'findImages'>, creation: PinCreationGate) {
  // One budget shared by both routes.
  const outside = { ...memoryLimit('outside-fetch', OUTSIDE_FETCHES.points, OUTSIDE_FETCHES.durationSeconds), ...perViewer };
  return [
    defineResource({
      resource: 'PinResource', action: 'create', summary: 'Save a new pin from an image link or upload onto a board', auth: 'viewer', status: 201,
      bodyLimit: SAVE_BODY_LIMIT, options: pinCreateOptionsSchema, response: savedPinSchema,
      handler: ({ viewer, options, req }) => {
        // Switched off by an operator: refused before the upload is stored.
        creation(req, viewer, 'web');
        return pins.save(viewer, options, idempotencyKey(req.get('idempotency-key')));
      },
    }),
    defineResource({
      resource: 'RepinResource', action: 'create', summary: 'Save an existing pin onto a board', auth: 'viewer', status: 201,
      options: repinOptionsSchema, response: savedPinSchema,
      handler: ({ viewer, options, req }) => {
        creation(req, viewer, 'repin');
        return pins.repin(viewer, options, idempotencyKey(req.get('idempotency-key')));
      },
    }),
    defineResource({
      resource: 'PinResource', action: 'get', summary: 'A pin (field_set_key detailed)', auth: 'optional',
      options: pinIdOptionsSchema, response: pinSchema,
      handler: ({ viewer, options }) => pins.get(viewer, options.id),
    }),
    defineResource({
      resource: 'PinResource', action: 'delete', summary: 'Delete a pin (its pinner or the board owner)', auth: 'viewer',
      options: pinIdOptionsSchema, response: z.object({ id: z.string() }),
      handler: ({ viewer, options }) => pins.remove(viewer, options.id),
    }),
    defineResource({
      resource: 'BoardFeedResource', action: 'get', summary: "A board's or section's pins, newest first", auth: 'optional', paged: true,
      options: pagedOptions(boardFeedOptionsSchema.omit({ page_size: true, bookmarks: true }), { key: feedKey, defaultLimit: 50, maxLimit: 100 }),
      response: z.array(pinSchema),
      handler: async ({ viewer, options }) => {
        const { items, next } = await pages.page(viewer, options);
        return { items, bookmark: nextBookmark(next) };
      },
    }),
    defineResource({
      resource: 'FindPinImagesResource', action: 'get', summary: "The pinnable images of a page (the bookmarklet's choice when no image is given)", auth: 'viewer',
      rateLimit: outside,
      options: findImagesOptionsSchema, response: foundImagesSchema,
      handler: ({ options }) => images.findImages(options.url),
    }),
    defineRoute({
      method: 'get', path: '/v3/pins/:id/', summary: 'A pin (the already-saved check and the success dialog)', auth: 'optional',
      params: z.object({ id: idSchema }), response: pinSchema,
      // Per viewer and read from the store: it answers whether the viewer already saved it.
      handler: ({ viewer, params, res }) => {
        res.set('Cache-Control', 'private, no-store');
        return pins.get(viewer, params.id, { savedCheck: true });
      },
    }),
    defineResource({
      resource: 'SavedPinCheckResource', action: 'get', summary: "The viewer's pin of the image a link gave before, if any (the bookmarklet's already-saved check)", auth: 'viewer',
      options: savedPinCheckOptionsSchema, response: savedPinCheckSchema,
      handler: ({ viewer, options }) => pins.savedCheck(viewer, options.image_url),
    }),
    defineRoute({
      method: 'get', path: '/v3/pins/:id/board_title_suggestions/', summary: 'Board names suggested for a pin (at most 5)', auth: 'optional',
      params: z.object({ id: idSchema }), response: boardTitleSuggestionsSchema,
      handler: ({ viewer, params }) => pins.titleSuggestions(viewer, params.id),
    }),
    defineRoute({
      method: 'put', path: '/v3/pins/image/', summary: 'Fetch and store an image ahead of its save (the popup, as it opens)', auth: 'viewer', status: 202,
      rateLimit: outside,
      body: z.object({ image_url: z.string().min(1).max(2048) }), response: z.null(),
      handler: async ({ body }) => {
        // Fire and forget: the save that follows finds it stored, or reports its own error.
        void images.warm(body.image_url);
        return null;
      },
    }),
  ];
}
