import { isDuplicateKey } from '@pinhive/kit';
import type { Connection, Model } from 'mongoose';
import { imageModel, imageSourceModel, type ImageDoc, type ImageSourceDoc } from './image.model';


/** The `images` and `image_sources` collections (the only file of images that touches mongoose). */
export class ImageRepository {
  private readonly images: Model<ImageDoc>;
  private readonly sources: Model<ImageSourceDoc>;
  constructor(conn: Connection) {
    this.images = imageModel(conn);
    this.sources = imageSourceModel(conn);
  }

  async findById(id: string): Promise<ImageDoc | null> {
    return this.images.findById(id).lean<ImageDoc>().exec();
  }

  /**
   * Stores an image unless one with its id (the same bytes) is there already, and answers the
   * stored one: two saves of the same file at once both end with the one document.
   */
  async insertOnce(doc: ImageDoc): Promise<ImageDoc> {
    try {
      await this.images.create(doc);
      return doc;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const existing = await this.findById(doc._id);
    if (!existing) throw new Error(`image ${doc._id}: duplicate key but no document`);
    return existing;
  }

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
