import type { Interest, KnownGender } from '@pinhive/contracts';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A user's public profile, built from auth's events. `_id` is the auth user id. Each part an
 * event sets carries the `occurredAt` of the event that last set it (see
 * ProfileRepository.setIfNewer); absent on profiles written before the stamps existed.
 */
export interface ProfileDoc {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  imageLargeUrl: string | null;
  createdAt: Date;
  /** Set while the account is deactivated: the profile then answers 404 (profile.policy.ts). */
  deactivatedAt?: Date | null;
  /*
   * What the promoted pins of home feed and search pages are targeted by (promoted/): the country, birthday
   * (YYYY-MM-DD; the age group is computed when serving) and gender from the registration, and
   * interests inferred from the person's saves (kit ads/interest-handlers.ts). Never shown.
   */
  country?: string | null;
  birthday?: string | null;
  gender?: KnownGender | null;
  interests?: Interest[];
  /** The username and names: `auth.user.registered.v1`, `auth.user.profile-changed.v1`. */
  namesChangedAt?: Date;
  /** `deactivatedAt`: `auth.user.deactivated.v1`, `auth.user.reactivated.v1`. */
  deactivationChangedAt?: Date;
}

export const PROFILES_COLLECTION = 'profiles';

/**
 * What a profile gets when an event other than the registration arrives first (separate topics:
 * no order between them). `username` is the account id until the registration or a profile
 * change sets the real one: ids are unique, no username equals one (ids are UUIDs, usernames
 * have no '-'), and the profile route takes at most 30 characters, so nobody reaches it.
 * `createdAt` is the event's time until the registration sets it.
 */
export const placeholderProfile = (id: string, at: Date): Partial<ProfileDoc> => ({ username: id, createdAt: at, imageLargeUrl: null });

// Indexes are declared in ../indexes.ts and created by the kit at start, not by mongoose.
const profileSchema = new Schema<ProfileDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    imageLargeUrl: { type: String, default: null },
    createdAt: { type: Date, required: true },
    deactivatedAt: { type: Date },
    country: { type: String },
    birthday: { type: String },
    gender: { type: String },
    interests: { type: [String], default: undefined },
    namesChangedAt: { type: Date },
    deactivationChangedAt: { type: Date },
  },
  { collection: PROFILES_COLLECTION, versionKey: false, autoIndex: false },
);

export function profileModel(conn: Connection): Model<ProfileDoc> {
  return conn.models.Profile ?? conn.model<ProfileDoc>('Profile', profileSchema);
}
