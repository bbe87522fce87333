import { Schema, type Connection, type Model } from 'mongoose';
import type { KnownGender, LoginBlockReason } from '@pinhive/contracts';
import type { OutboxFields } from '@pinhive/kit';

/** An operator's block on log-in (spec reasons 0-6), answered with its own message. */
export interface LoginBlock {
  reason: LoginBlockReason;
  /** Reasons shown with a suspension. */
  details: string[];
  setAt: Date;
}

/**
 * The second factor that is on: a confirmed phone number (`factor` absent on documents from
 * before authenticator apps), or an authenticator app, whose secret and recovery codes are kept
 * apart (mfa/authenticator.repository.ts) and read only at the second step.
 */
export type Mfa = SmsMfa | TotpMfa;
export interface SmsMfa {
  factor?: 'sms';
  phone: string;
  enabledAt: Date;
}
export interface TotpMfa {
  factor: 'totp';
  enabledAt: Date;
}
/** A number waiting for its code. */
export interface MfaPending {
  phone: string;
  salt: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
}

export interface Deactivation {
  reason: 'guidelines_violation' | 'unusual_activity' | 'closure_request';
  setAt: Date;
}

/** The consents view's answers (kr_privacy_consent experiment), kept as evidence of consent. */
export interface Consents {
  privacyOptIn: boolean;
  marketingOptOut: boolean;
  at: Date;
}

/** A user account as stored by auth. `pendingEvents` is the outbox (see kit/events/outbox.ts). */
export interface UserDoc extends OutboxFields {
  _id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  /** bcrypt; '' when the account has no password (made through SSO or a social provider). */
  passwordHash: string;
  birthday: Date;
  country: string | null;
  /**
   * The gender a sign-up provider shared (Facebook-kind profile, OpenID `gender`), passed on to ads
   * for targeting; null or absent when none did (email sign-up asks none).
   */
  gender?: KnownGender | null;
  consents: Consents | null;
  createdAt: Date;
  loginBlock: LoginBlock | null;
  deactivation: Deactivation | null;
  mfa: Mfa | null;
  mfaPending: MfaPending | null;
  /**
   * The website listed on the claim page (`/settings/claim/`), null if none; absent on accounts
   * from before it. Read by the connect-account upsell through `GET /v3/users/settings/`.
   */
  listedWebsiteUrl?: string | null;
  /**
   * Whether the account connected the photo-sharing site. Nothing connects it yet (no connect
   * flow exists), so it is absent (false) unless set on the document.
   */
  connectedToInstagram?: boolean;
}

export const USERS_COLLECTION = 'users';

// Indexes (email and username unique) are declared in ../indexes.ts and created by the kit at
// start, not by mongoose.
const userSchema = new Schema<UserDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    username: { type: String, required: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    // Empty for an account made through SSO or a social provider until its owner sets a password.
    passwordHash: { type: String, default: '' },
    birthday: { type: Date, required: true },
    country: { type: String, default: null },
    gender: { type: String, default: null },
    consents: { type: new Schema({ privacyOptIn: Boolean, marketingOptOut: Boolean, at: Date }, { _id: false }), default: null },
    createdAt: { type: Date, required: true },
    loginBlock: { type: Schema.Types.Mixed, default: null },
    deactivation: { type: Schema.Types.Mixed, default: null },
    mfa: { type: Schema.Types.Mixed, default: null },
    mfaPending: { type: Schema.Types.Mixed, default: null },
    listedWebsiteUrl: { type: String },
    connectedToInstagram: { type: Boolean },
    // Stored as plain data: the envelopes are validated when they are built (kit newEvent).
    pendingEvents: { type: Schema.Types.Mixed, default: () => [] },
    // Declared so mongoose keeps it (strict schemas drop unknown fields); absent unless pending.
    outboxPending: { type: Boolean },
  },
  { collection: USERS_COLLECTION, versionKey: false, autoIndex: false },
);

export function userModel(conn: Connection): Model<UserDoc> {
  return conn.models.User ?? conn.model<UserDoc>('User', userSchema);
}
