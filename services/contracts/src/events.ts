import { z } from 'zod';
import { KNOWN_GENDERS } from './ad-audience';
import { DEACTIVATION_REASONS, LOGIN_BLOCK_REASONS } from './auth';
import { AGE_BUCKETS, CAMPAIGN_STATUSES, GENDERS, INTERESTS } from './quick-promote';

/**
 * Kafka event envelope. The topic name is the event type (`<service>.<entity>.<event>.v<N>`),
 * the Kafka key is the aggregate id so that events of one entity stay in order.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z-]+\.[a-z-]+\.[a-z-]+\.v\d+$/),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

export const userRegisteredV1Schema = z.object({
  userId: z.string().min(1),
  username: z.string().min(1),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string().nullable(),
  registeredAt: z.iso.datetime(),
  /**
   * The birthday (YYYY-MM-DD, UTC) sign-up requires: ads' age group of the viewer (ad-audience.ts).
   * Absent from events stored before it.
   */
  birthday: z.iso.date().optional(),
  /** The gender a sign-up provider shared (Facebook-kind profile, OpenID `gender`); null when none did. */
  gender: z.enum(KNOWN_GENDERS).nullable().optional(),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1Schema>;

/**
 * The typed event map: `publish()` and handlers are checked against it, and consumers parse
 * `data` with the schema registered here before a handler sees it.
 */
export const userLoggedInV1Schema = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1),
  method: z.enum(['email', 'facebook', 'google', 'google_one_tap', 'smartlock', 'multifactor', 'switch_account', 'line', 'sso', 'passkey']),
  loggedInAt: z.iso.datetime(),
});
export type UserLoggedInV1 = z.infer<typeof userLoggedInV1Schema>;

/*
 * Account changes other services follow (pins-boards' profiles). Each is stored in the same
 * single-document write as the change (outbox), so it exists exactly when the change does. The
 * time of the change is the envelope's `occurredAt` (the writer builds the event with the
 * change's own time); payloads carry the account and what changed, not the time again.
 */

/** An operator blocked log-in (spec reasons 0-6); the profile stays visible: blocks are about log-in. */
export const userBlockedV1Schema = z.object({
  userId: z.string().min(1),
  reason: z.enum(LOGIN_BLOCK_REASONS),
});
export type UserBlockedV1 = z.infer<typeof userBlockedV1Schema>;

/** The log-in block was lifted (by an operator, or by a password reset for the reasons it lifts). */
export const userUnblockedV1Schema = z.object({
  userId: z.string().min(1),
});
export type UserUnblockedV1 = z.infer<typeof userUnblockedV1Schema>;

/** The account was deactivated: its public traces answer as if it did not exist. */
export const userDeactivatedV1Schema = z.object({
  userId: z.string().min(1),
  reason: z.enum(DEACTIVATION_REASONS),
});
export type UserDeactivatedV1 = z.infer<typeof userDeactivatedV1Schema>;

export const userReactivatedV1Schema = z.object({
  userId: z.string().min(1),
});
export type UserReactivatedV1 = z.infer<typeof userReactivatedV1Schema>;

export const PROFILE_FIELDS = ['username', 'firstName', 'lastName'] as const;

/**
 * The username or names changed. The payload is the whole profile after the change plus the
 * fields that changed, so a consumer keeps the newest snapshot and needs no earlier event.
 */
export const userProfileChangedV1Schema = z.object({
  userId: z.string().min(1),
  username: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  changed: z.array(z.enum(PROFILE_FIELDS)).min(1),
});
export type UserProfileChangedV1 = z.infer<typeof userProfileChangedV1Schema>;

/*
 * pins-boards' events (saving-boards-ads.md). Each is stored in the same single-document write
 * as the pin or board it is about (outbox), keyed by that pin's or board's id.
 */

/**
 * A pin was saved onto a board (a new pin, or a repin of an existing one). Board and section
 * counters, the cover and the picker's recency follow from it (pins-boards' own consumers), so
 * it carries what they need without reading the pin again.
 */
/** An image rendition as a pin keeps it (pins-boards' `imageSpecSchema`). */
const savedImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const pinSavedV1Schema = z.object({
  pinId: z.string().min(1),
  boardId: z.string().min(1),
  sectionId: z.string().min(1).nullable(),
  pinnerId: z.string().min(1),
  /** The pinner's first save ever ('You saved your first Pin to ...'). */
  firstSave: z.boolean(),
  /** The pin this one repins, if any. */
  repinOf: z.string().min(1).nullable(),
  imageId: z.string().min(1),
  /** The 236x rendition and the dominant colour: the board's cover when it has no custom one. */
  coverImageUrl: z.string(),
  dominantColor: z.string(),
  /**
   * What a home feed card shows of the pin, so the fan-out writes its entries without reading
   * the pin first (it reads it once, after, to catch a deletion or move that raced it). Absent
   * from events stored before it: those read the pin.
   */
  card: z.object({
    title: z.string(),
    description: z.string(),
    link: z.string().nullable(),
    image236: savedImageSchema,
    imageOrig: savedImageSchema,
    /** The pin's `createdAt`. */
    savedAt: z.iso.datetime(),
    /** The board's name: with the title and description, the words ads infers the saver's interests from. Absent from events before it. */
    boardName: z.string().optional(),
  }).optional(),
});
export type PinSavedV1 = z.infer<typeof pinSavedV1Schema>;

/** A pin was deleted: counters go down, and its image is removed once no pin uses it. */
export const pinDeletedV1Schema = z.object({
  pinId: z.string().min(1),
  boardId: z.string().min(1),
  sectionId: z.string().min(1).nullable(),
  pinnerId: z.string().min(1),
  imageId: z.string().min(1),
});
export type PinDeletedV1 = z.infer<typeof pinDeletedV1Schema>;

export const boardCreatedV1Schema = z.object({
  boardId: z.string().min(1),
  ownerId: z.string().min(1),
  name: z.string().min(1),
  privacy: z.enum(['public', 'secret', 'protected']),
  createdAt: z.iso.datetime(),
  /** The board page's `/{username}/{slug}/` (absent from events stored before search). */
  slug: z.string().min(1).optional(),
  description: z.string().optional(),
});
export type BoardCreatedV1 = z.infer<typeof boardCreatedV1Schema>;

/** A board was deleted: its pins and sections go after it (their own events bring counts and images along). */
export const boardDeletedV1Schema = z.object({
  boardId: z.string().min(1),
  ownerId: z.string().min(1),
});
export type BoardDeletedV1 = z.infer<typeof boardDeletedV1Schema>;

/**
 * A batch of at most one bucket of pins changed board or section (a move: bulk edit, select-all,
 * section edit or back to the board root). Stored with the move's progress in the same write,
 * once the batch's pins and counts are written; feeds drop pins that left for a secret board.
 */
export const pinsMovedV1Schema = z.object({
  moveId: z.string().min(1),
  batch: z.number().int().min(0),
  fromBoardId: z.string().min(1),
  toBoardId: z.string().min(1),
  /** null: the pins went to the board root. */
  toSectionId: z.string().min(1).nullable(),
  /** The target board's privacy at the move: a follower's feed drops pins that became secret. */
  toPrivacy: z.enum(['public', 'secret', 'protected']),
  pinIds: z.array(z.string().min(1)).max(100),
});
export type PinsMovedV1 = z.infer<typeof pinsMovedV1Schema>;

/** A board's privacy changed (its owner's update); a board made secret leaves every follower's feed. */
export const boardPrivacyChangedV1Schema = z.object({
  boardId: z.string().min(1),
  ownerId: z.string().min(1),
  privacy: z.enum(['public', 'secret', 'protected']),
});
export type BoardPrivacyChangedV1 = z.infer<typeof boardPrivacyChangedV1Schema>;

/**
 * A board's name, description or privacy changed (its owner's or a collaborator's update). The
 * payload is the board's whole snapshot after the change, so a read model (search) keeps the
 * newest by `occurredAt` whatever the order of arrival; `changed` names what changed. A privacy
 * change also publishes `pins.board.privacy-changed.v1` for the feeds.
 */
export const boardChangedV1Schema = z.object({
  boardId: z.string().min(1),
  ownerId: z.string().min(1),
  name: z.string().min(1),
  slug: z.string().min(1),
  description: z.string(),
  privacy: z.enum(['public', 'secret', 'protected']),
  changed: z.array(z.enum(['name', 'description', 'privacy'])).min(1),
});
export type BoardChangedV1 = z.infer<typeof boardChangedV1Schema>;

/**
 * Someone started or stopped following a board. `viaUser`: the follow came from following the
 * board's owner (it goes when they unfollow the owner, unless also followed on its own).
 */
export const boardFollowV1Schema = z.object({
  followerId: z.string().min(1),
  boardId: z.string().min(1),
  viaUser: z.boolean(),
});
export type BoardFollowV1 = z.infer<typeof boardFollowV1Schema>;

/** Someone started or stopped following a person (and so their public boards). */
export const userFollowV1Schema = z.object({
  followerId: z.string().min(1),
  followeeId: z.string().min(1),
});
export type UserFollowV1 = z.infer<typeof userFollowV1Schema>;

/**
 * Someone joined a board as a collaborator (accepted an invitation) or left it (removed by its
 * owner, or leaving). Stored on the board in the same write as its `collaboratorIds` change; the
 * member's board list follows from it when the request could not finish (pins-boards' handlers).
 */
export const boardCollaboratorV1Schema = z.object({
  boardId: z.string().min(1),
  ownerId: z.string().min(1),
  collaboratorId: z.string().min(1),
  /** Who made the change: the collaborator (accepting, leaving) or the owner (removing). */
  actorId: z.string().min(1),
  /** The invitation accepted (added only): removed by the handler if the request could not. */
  inviteId: z.string().min(1).nullable(),
});
export type BoardCollaboratorV1 = z.infer<typeof boardCollaboratorV1Schema>;

/**
 * A board's owner invited someone by email. auth sends the mail (it owns mail), so the event
 * carries the link's secret `token`: pins-boards keeps only its SHA-256. The topic is internal:
 * only auth consumes it, and nothing outside the services reads Kafka.
 */
export const boardInvitedByEmailV1Schema = z.object({
  inviteId: z.string().min(1),
  boardId: z.string().min(1),
  email: z.string().min(3),
  boardName: z.string().min(1),
  inviterName: z.string(),
  token: z.string().min(20),
  expiresAt: z.iso.datetime(),
});
export type BoardInvitedByEmailV1 = z.infer<typeof boardInvitedByEmailV1Schema>;

/**
 * Someone may now act for an advertiser (`role` owner: they made it) or no longer may. Keyed by
 * the advertiser id, so one advertiser's changes arrive in order. pins-boards keeps who may act
 * for which advertiser from them (saving-boards-ads.md section 6).
 */
export const advertiserMemberV1Schema = z.object({
  advertiserId: z.string().min(1),
  userId: z.string().min(1),
  ownerId: z.string().min(1),
  role: z.enum(['owner', 'member']),
});
export type AdvertiserMemberV1 = z.infer<typeof advertiserMemberV1Schema>;

/**
 * An advertiser promoted a pin (quick-promote): a campaign with one ad group and one ad now holds
 * it. Keyed by the pin id. pins-boards marks the pin (`is_promoted`, `promoted_is_removable`).
 */
export const pinPromotedV1Schema = z.object({
  pinId: z.string().min(1),
  advertiserId: z.string().min(1),
  campaignId: z.string().min(1),
  adGroupId: z.string().min(1),
  adId: z.string().min(1),
  /** Whether the pinner may still delete the pin (deleting it ends its ads). */
  promotedIsRemovable: z.boolean(),
});
export type PinPromotedV1 = z.infer<typeof pinPromotedV1Schema>;

/**
 * A person saw a promoted pin (at least half of it for a second) or clicked it: accepted by ads'
 * events route from a token it signed when serving, published straight to Kafka (no store write
 * per impression), keyed by the ad. ads' own counting consumer aggregates them (issue 25).
 */
export const adEngagedV1Schema = z.object({
  kind: z.enum(['impression', 'click']),
  adId: z.string().min(1),
  adGroupId: z.string().min(1),
  campaignId: z.string().min(1),
  advertiserId: z.string().min(1),
  /** Who saw it: the account id, or the served token's own visitor id for someone signed out. */
  viewerKey: z.string().min(1),
  placement: z.enum(['home_feed', 'search']),
});
export type AdEngagedV1 = z.infer<typeof adEngagedV1Schema>;

/**
 * A campaign as serving holds it (issue 25), published by ads when its serving view of the
 * campaign changes (status, dates, today's budget reached, targeting, the advertiser's people),
 * and again now and then (every instance republishes its live set), keyed by the campaign.
 * pins-boards keeps the newest of each (by `occurredAt`) and serves the home feed's promoted
 * pins from it, so a feed page carries its ads without a call to ads
 * (docs/decisions/ad-serving.md "The feed answer carries its ads").
 */
export const campaignServingV1Schema = z.object({
  campaignId: z.string().min(1),
  adGroupId: z.string().min(1),
  adId: z.string().min(1),
  advertiserId: z.string().min(1),
  /** The sponsor line's name. */
  advertiserName: z.string(),
  pinId: z.string().min(1),
  /** False once it can never be served again (past its end): a read model may forget it. */
  live: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** YYYY-MM-DD (UTC): its first day, and its last (null: ongoing). */
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  /** The UTC day its spend reached its daily budget (not served again that day), or null. */
  budgetReachedOn: z.iso.date().nullable(),
  targeting: z.object({ GEO: z.array(z.string()), AGE_BUCKET: z.array(z.enum(AGE_BUCKETS)), GENDER: z.array(z.enum(GENDERS)), INTEREST: z.array(z.enum(INTERESTS)) }),
  autoTargeting: z.boolean(),
  /** Everyone who may act for the advertiser: they are never served its ads. */
  memberIds: z.array(z.string()),
  destinationUrl: z.string(),
  createdAt: z.iso.datetime(),
  /** The pin as it was promoted (ads' AdCreative): what a served item shows. */
  creative: z.object({
    title: z.string(), description: z.string(), imageUrl: z.string(), width: z.number(), height: z.number(), dominantColor: z.string(),
    pinnerId: z.string(), boardId: z.string(), boardName: z.string(), origUrl: z.string(), origWidth: z.number(), origHeight: z.number(),
  }),
});
export type CampaignServingV1 = z.infer<typeof campaignServingV1Schema>;

export const eventSchemas = {
  'auth.user.registered.v1': userRegisteredV1Schema,
  'auth.user.logged-in.v1': userLoggedInV1Schema,
  'auth.user.blocked.v1': userBlockedV1Schema,
  'auth.user.unblocked.v1': userUnblockedV1Schema,
  'auth.user.deactivated.v1': userDeactivatedV1Schema,
  'auth.user.reactivated.v1': userReactivatedV1Schema,
  'auth.user.profile-changed.v1': userProfileChangedV1Schema,
  'pins.pin.saved.v1': pinSavedV1Schema,
  'pins.pin.deleted.v1': pinDeletedV1Schema,
  'pins.board.created.v1': boardCreatedV1Schema,
  'pins.board.deleted.v1': boardDeletedV1Schema,
  'pins.pin.moved.v1': pinsMovedV1Schema,
  'pins.board.privacy-changed.v1': boardPrivacyChangedV1Schema,
  'pins.board.changed.v1': boardChangedV1Schema,
  'pins.board.followed.v1': boardFollowV1Schema,
  'pins.board.unfollowed.v1': boardFollowV1Schema,
  'pins.user.followed.v1': userFollowV1Schema,
  'pins.user.unfollowed.v1': userFollowV1Schema,
  'pins.board.collaborator-added.v1': boardCollaboratorV1Schema,
  'pins.board.collaborator-removed.v1': boardCollaboratorV1Schema,
  'pins.board.invited-by-email.v1': boardInvitedByEmailV1Schema,
  'ads.advertiser.member-added.v1': advertiserMemberV1Schema,
  'ads.advertiser.member-removed.v1': advertiserMemberV1Schema,
  'ads.pin.promoted.v1': pinPromotedV1Schema,
  'ads.ad.engaged.v1': adEngagedV1Schema,
  'ads.campaign.serving.v1': campaignServingV1Schema,
} as const;

export type EventMap = { [K in keyof typeof eventSchemas]: z.infer<(typeof eventSchemas)[K]> };
export type EventType = keyof EventMap;

/** The version number carried in a type name (`...v1` → 1). */
export function eventVersion(type: EventType): number {
  return Number(type.slice(type.lastIndexOf('.v') + 2));
}

/** The dead-letter topic where events that keep failing are parked. */
export function deadLetterTopic(type: string): string {
  return `${type}.dlq`;
}
