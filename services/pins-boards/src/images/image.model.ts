import { defineIndexes } from '@pinhive/kit';
import { Schema, type Connection, type Model } from 'mongoose';
import type { ImageFormat } from './image.processing';

/** Where one rendition's file is in the BlobStore (image.keys.ts), and its size. */
export interface RenditionDoc {
  key: string;
  width: number;
  height: number;
}

/**
 * A stored image. `_id` is the sha256 of the bytes as received (hex), so the same file uploaded
 * or linked twice is one image, shared by every pin made from it.
 */
export interface ImageDoc {
  _id: string;
  /** The original rendition's type; `236x` has the same (image.processing.ts). */
  contentType: string;
  format: ImageFormat;
  width: number;
  height: number;
  dominantColor: string;
  renditions: { orig: RenditionDoc; '236x': RenditionDoc };
  createdAt: Date;
  /**
   * The picture's difference hash, 16 hex digits (picture-hash.ts), and its 4 bands of 4 digits
   * as top-level fields, each indexed: pictures that look alike are found by equality on a band
   * (the store pushes down equality, never a range or a bit operation). Absent on images stored
   * before it was computed, until `npm run admin -- images phash` fills them in.
   */
  phash?: string;
  phashBand0?: string;
  phashBand1?: string;
  phashBand2?: string;
  phashBand3?: string;
}

/** The image fields holding the hash's bands, first band first. */
export const PHASH_BAND_FIELDS = ['phashBand0', 'phashBand1', 'phashBand2', 'phashBand3'] as const;
export type PhashBandField = (typeof PHASH_BAND_FIELDS)[number];

/**
 * A link already fetched: `_id` is the sha256 of the URL as given, so the same link is fetched
 * once (the popup warms it with PUT /v3/pins/image/, then the save uses it).
 */
export interface ImageSourceDoc {
  _id: string;
  url: string;
  imageId: string;
  fetchedAt: Date;
}

export const IMAGES_COLLECTION = 'images';
export const IMAGE_SOURCES_COLLECTION = 'image_sources';

/**
 * For ../indexes.ts. Images are read by id and sources by the URL's hash (their id); removing an
 * image also removes the sources that lead to it, found by `imageId`. Pictures that look alike
 * are found by each band of their hash (image.repository.ts `nearHashes`).
 */
export const imageIndexes = [
  ...defineIndexes(IMAGE_SOURCES_COLLECTION, [{ key: { imageId: 1 } }]),
  ...defineIndexes(IMAGES_COLLECTION, PHASH_BAND_FIELDS.map((field) => ({ key: { [field]: 1 } }))),
];

const renditionSchema = new Schema<RenditionDoc>(
  { key: { type: String, required: true }, width: { type: Number, required: true }, height: { type: Number, required: true } },
  { _id: false },
);

const imageSchema = new Schema<ImageDoc>(
  {
    _id: { type: String, required: true },
    contentType: { type: String, required: true },
    format: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    dominantColor: { type: String, required: true },
    renditions: {
      orig: { type: renditionSchema, required: true },
      '236x': { type: renditionSchema, required: true },
    },
    createdAt: { type: Date, required: true },
    phash: { type: String },
    phashBand0: { type: String },
    phashBand1: { type: String },
    phashBand2: { type: String },
    phashBand3: { type: String },
  },
  { collection: IMAGES_COLLECTION, versionKey: false, autoIndex: false },
);

const imageSourceSchema = new Schema<ImageSourceDoc>(
  {
    _id: { type: String, required: true },
    url: { type: String, required: true },
    imageId: { type: String, required: true },
    fetchedAt: { type: Date, required: true },
  },
  { collection: IMAGE_SOURCES_COLLECTION, versionKey: false, autoIndex: false },
);

export function imageModel(conn: Connection): Model<ImageDoc> {
  return conn.models.Image ?? conn.model<ImageDoc>('Image', imageSchema);
}

export function imageSourceModel(conn: Connection): Model<ImageSourceDoc> {
  return conn.models.ImageSource ?? conn.model<ImageSourceDoc>('ImageSource', imageSourceSchema);
}
