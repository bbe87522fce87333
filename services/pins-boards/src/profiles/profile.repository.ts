import type { Connection, Model } from 'mongoose';
import { profileModel, type ProfileDoc } from './profile.model';

export class ProfileRepository {
  private readonly model: Model<ProfileDoc>;
  constructor(conn: Connection) {
    this.model = profileModel(conn);
  }

  /** Creates the profile, or leaves it as it is when it already exists (redelivered event). */
  async createIfAbsent(profile: ProfileDoc): Promise<void> {
    const { _id, ...fields } = profile;
    await this.model.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
  }

  async findByUsername(username: string): Promise<ProfileDoc | null> {
    return this.model.findOne({ username }).lean<ProfileDoc>().exec();
  }
}
