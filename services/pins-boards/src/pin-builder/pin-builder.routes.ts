import {
  PIN_BUILDER_PINS_PATH,
  PIN_BUILDER_UPLOAD_PATH,
  pinBuilderCreatedSchema,
  pinBuilderCreateSchema,
  pinBuilderUploadQuerySchema,
  pinBuilderUploadSchema,
  type PinBuilderUpload,
} from '@pinhive/contracts';
import { appError, defineRoute, forcedGroupsOf, idempotencyKey, memoryLimit, perViewer } from '@pinhive/kit';
import type { ImageDoc } from '../images/image.model';
import type { ImageService } from '../images/image.service';
import type { PinService } from '../pins/pin.service';
import { PinBuilderGuard } from './pin-builder.guard';

/**
 * Uploads cost a file's worth of disk and two sharp decodes: at most 60 a minute per viewer (the
 * builder sends one per image, at most 5 per pin).
 */
const UPLOADS = { points: 60, durationSeconds: 60 };

const presentUpload = (images: Pick<ImageService, 'urlsFor'>, image: ImageDoc): PinBuilderUpload => ({
  media_upload_id: image._id,
  width: image.width,
  height: image.height,
  dominant_color: image.dominantColor,
  images: images.urlsFor(image),
});

const lengthOf = (header: string | undefined): number | undefined => {
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
};

/**
 * The pin builder's calls (web `/pin-builder/`). Both ask the gating (contracts pin-builder.ts)
 * before doing anything: pin creation switched off answers `pin_creation_disabled`, a feature the
 * viewer does not have answers `pin_builder_feature_off` (several images without multi-pin, a
 * video without video).
 */
export function pinBuilderRoutes(deps: { guard: PinBuilderGuard; images: Pick<ImageService, 'storeUpload' | 'urlsFor' | 'get'>; pins: Pick<PinService, 'saveUploads'>; allowOverrides: boolean }) {
  const { guard, images, pins, allowOverrides } = deps;
  return [
    defineRoute({
      method: 'post', path: PIN_BUILDER_UPLOAD_PATH, auth: 'viewer', status: 201,
      summary: 'Upload an image for the pin builder: the body is the file (Content-Type image/*, up to 200 MB), streamed to the image store',
      streamBody: true,
      rateLimit: { ...memoryLimit('pin-builder-uploads', UPLOADS.points, UPLOADS.durationSeconds), ...perViewer },
      query: pinBuilderUploadQuerySchema, response: pinBuilderUploadSchema,
      handler: async ({ viewer, query, req }) => {
        const gate = await guard.gateFor(viewer, { scenario: query.scenario, advertiserId: query.advertiser_id, acceptLanguage: req.get('accept-language'), forced: forcedGroupsOf(req, allowOverrides) });
        PinBuilderGuard.requireCreation(gate);
        const contentType = req.get('content-type');
        if (contentType && /^video\//i.test(contentType)) {
          PinBuilderGuard.requireFeature(gate, 'video', 'file');
          // No account has video yet (pin-builder.guard.ts noVideo): the store keeps images only.
          throw appError('image_invalid', { field: 'file', detail: 'Video files are not stored yet.' });
        }
        const image = await images.storeUpload({ body: req, contentType, contentLength: lengthOf(req.get('content-length')), field: 'file' });
        return presentUpload(images, image);
      },
    }),
    defineRoute({
      method: 'post', path: PIN_BUILDER_PINS_PATH, auth: 'viewer', status: 201,
      summary: 'Create pins from uploaded images onto a board (and section): one pin per image; more than one needs multi-pin',
      body: pinBuilderCreateSchema, response: pinBuilderCreatedSchema,
      handler: async ({ viewer, body, req }) => {
        const gate = await guard.gateFor(viewer, { scenario: body.scenario, advertiserId: body.advertiser_id, acceptLanguage: req.get('accept-language'), forced: forcedGroupsOf(req, allowOverrides) });
        PinBuilderGuard.requireCreation(gate);
        const ids = [...new Set(body.media_upload_ids)];
        if (ids.length > 1) PinBuilderGuard.requireFeature(gate, 'multi_pin', 'media_upload_ids');
        const found = await Promise.all(ids.map((id) => images.get(id)));
        const missing = found.findIndex((image) => image === null);
        if (missing >= 0) throw appError('bad_request', { field: `media_upload_ids.${missing}`, message: 'That upload is not there any more. Add the image again.' });
        const saved = await pins.saveUploads(viewer, body, found as ImageDoc[], idempotencyKey(req.get('idempotency-key')));
        return { pins: saved };
      },
    }),
  ];
}
