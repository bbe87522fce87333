import { isDuplicateKey, type ReadCache } from '@pinhive/kit';
import type { Connection, Model } from 'mongoose';
import { imageModel, imageSourceModel, PHASH_BAND_FIELDS, type ImageDoc, type ImageSourceDoc } from './image.model';
import { hammingDistance, hashBands, isInformative } from './picture-hash';

/**
 * Images read per band of a hash, at most. The store pushes the equality down to the band's
 * index but not the limit, so a very common band (flat, nearly blank pictures) still costs its
 * index matches; the limit bounds what comes back and what is compared.
 */
export const NEAR_IMAGES_PER_BAND = 50;

/** An image whose picture is near another's, and how near (differing bits of 64). */
export interface NearImage {
  id: string;
  distance: number;
}


/** What one band read finds: the images sharing that band, with their hashes. */
export type BandImages = Pick<ImageDoc, '_id' | 'phash'>[];

/** The subject a band's read is kept under (`<band index>:<value>`), stamped by every image written with it. */
const bandSubject = (band: number, value: string) => `${band}:${value}`;
/** The subject an image's hash is kept under, beside the band reads. */
const hashSubject = (id: string) => `image:${id}`;

/**
 * The `images` and `image_sources` collections (the only file of images that touches mongoose).
 * With `bands` (the service's; none in the admin's backfill or a test's), each band read of a
 * near-picture lookup is kept in memory until an image with that band is written, on any
 * instance (kit ReadCache): the pin close-up's already-saved check asks for its picture's
 * near copies on every view, and a band's images change only when a picture is stored.
 */
export class ImageRepository {
  private readonly images: Model<ImageDoc>;
  private readonly sources: Model<ImageSourceDoc>;
  constructor(conn: Connection, private readonly bands?: ReadCache<BandImages>) {
    this.images = imageModel(conn);
    this.sources = imageSourceModel(conn);
  }

  /**
   * The stamps of an image's bands change (and of its own hash, when `id` is given), in one
   * restamp: every instance reads them from the store again.
   */
  private async bandsChanged(hash: string | undefined, id?: string): Promise<void> {
    if (!this.bands || !hash) return;
    const bands = isInformative(hash) ? hashBands(hash).map((value, i) => bandSubject(i, value)) : [];
    const subjects = [...bands, ...(id ? [hashSubject(id)] : [])];
    if (subjects.length > 0) await this.bands.changed(...subjects);
  }

  async findById(id: string): Promise<ImageDoc | null> {
    return this.images.findById(id).lean<ImageDoc>().exec();
  }

  /**
   * An image's picture hash (undefined without one). Kept with the band reads, under the image's
   * own subject: a hash is written once, at save or by the backfill (`setHash` restamps it); an
   * image without one is never kept, so the backfill's hash is read as soon as it is there.
   */
  async hashOf(id: string): Promise<string | undefined> {
    const read = async (): Promise<BandImages> => {
      const image = await this.images.findById(id, { phash: 1 }).lean<Pick<ImageDoc, '_id' | 'phash'>>().exec();
      return image?.phash ? [{ _id: image._id, phash: image.phash }] : [];
    };
    const found = this.bands ? await this.bands.read(hashSubject(id), '', read, (images) => images.length > 0) : await read();
    return found[0]?.phash;
  }

  /**
   * Stores an image unless one with its id (the same bytes) is there already, and answers the
   * stored one: two saves of the same file at once both end with the one document.
   */
  async insertOnce(doc: ImageDoc): Promise<ImageDoc> {
    try {
      await this.images.create(doc);
      await this.bandsChanged(doc.phash);
      return doc;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const existing = await this.findById(doc._id);
    if (!existing) throw new Error(`image ${doc._id}: duplicate key but no document`);
    return existing;
  }

  /**
   * Images whose picture hashes within `maxDistance` bits of `hash`, nearest first: those sharing
   * a band (one equality read per band, each bounded), then the exact distance. Every image within
   * 3 bits shares a band; further ones are found when their differing bits leave a band whole.
   */
  async nearHashes(hash: string, maxDistance: number, perBand = NEAR_IMAGES_PER_BAND): Promise<NearImage[]> {
    if (!isInformative(hash)) return [];
    const bands = hashBands(hash);
    const read = (field: string, value: string) => this.images.find({ [field]: value }, { _id: 1, phash: 1 }, { limit: perBand }).lean<BandImages>().exec();
    const reads = await Promise.all(
      PHASH_BAND_FIELDS.map((field, i) => {
        const value = bands[i]!;
        return this.bands ? this.bands.read(bandSubject(i, value), String(perBand), () => read(field, value)) : read(field, value);
      }),
    );
    const near = new Map<string, number>();
    for (const image of reads.flat()) {
      if (!image.phash || near.has(image._id)) continue;
      const distance = hammingDistance(hash, image.phash);
      if (distance <= maxDistance) near.set(image._id, distance);
    }
    return [...near].map(([id, distance]) => ({ id, distance })).sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));
  }

  /** Every image's id, hash and renditions, streamed (the admin's backfill: phash-backfill.ts). */
  eachImage(): AsyncIterable<Pick<ImageDoc, '_id' | 'phash' | 'renditions'>> {
    return this.images.find({}, { _id: 1, phash: 1, renditions: 1 }).lean<Pick<ImageDoc, '_id' | 'phash' | 'renditions'>>().cursor();
  }

  /** Records an image's hash and its bands. */
  async setHash(id: string, hash: string): Promise<void> {
    await this.images.updateOne({ _id: id }, { $set: hashFields(hash) });
    await this.bandsChanged(hash, id);
  }

  /**
   * (A band read kept from before still names the image until its band is written again: the
   * lookups that use it read the image's pins next, and find none.)
   */
  async deleteById(id: string): Promise<void> {
    await this.sources.deleteMany({ imageId: id });
    await this.images.deleteOne({ _id: id });
  }

  async findSource(urlHash: string): Promise<ImageSourceDoc | null> {
    return this.sources.findById(urlHash).lean<ImageSourceDoc>().exec();
  }

  /** Records (or refreshes) which image a link gave. */
  async saveSource(source: ImageSourceDoc): Promise<void> {
    try {
      await this.sources.replaceOne({ _id: source._id }, source, { upsert: true });
    } catch (err) {
      // Another request recorded the same link at the same moment: its record is as good.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}

/** An image's hash fields: the hash, and its bands when it says something (a blank picture's are never looked up). */
export function hashFields(hash: string): Pick<ImageDoc, 'phash' | 'phashBand0' | 'phashBand1' | 'phashBand2' | 'phashBand3'> {
  if (!isInformative(hash)) return { phash: hash };
  const [phashBand0, phashBand1, phashBand2, phashBand3] = hashBands(hash);
  return { phash: hash, phashBand0, phashBand1, phashBand2, phashBand3 };
}
