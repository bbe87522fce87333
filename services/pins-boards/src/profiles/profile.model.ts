import { Schema, type Connection, type Model } from 'mongoose';

/** A user's public profile, built from auth's events. `_id` is the auth user id. */
export interface ProfileDoc {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  imageLargeUrl: string | null;
  createdAt: Date;
}

const profileSchema = new Schema<ProfileDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true, unique: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    imageLargeUrl: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'profiles', versionKey: false },
);

export function profileModel(conn: Connection): Model<ProfileDoc> {
  return conn.models.Profile ?? conn.model<ProfileDoc>('Profile', profileSchema);
}
