import { z } from 'zod';
import { idSchema } from './pins-boards';

/*
 * Advertisers and the people who may act for them (saving-boards-ads.md section 6, "Advertiser
 * context"; blueprint: ads owns "advertisers, memberships (acting as)"). The ads service keeps
 * them; pins-boards keeps who may act for which advertiser, and whether they own it, from the
 * membership events, and applies the spec's rules to boards and pins made for an advertiser.
 * The spec gives no limits or paths for them: ours, explained in docs/decisions/advertisers.md.
 */

/** An advertiser's name, trimmed. */
export const ADVERTISER_NAME_MAX_LENGTH = 100;
/** People who may act for one advertiser, its owner included: its member list is read whole. */
export const ADVERTISER_MEMBERS_MAX = 50;
/** Advertisers one person may own or act for: the account menu lists them all. */
export const ADVERTISERS_PER_PERSON_MAX = 50;

export const ADVERTISER_ROLES = ['owner', 'member'] as const;
export type AdvertiserRole = (typeof ADVERTISER_ROLES)[number];

/** `POST /ads/v4/advertisers/`: a new advertiser, owned by the viewer. */
export const advertiserCreateBodySchema = z.object({
  name: z
    .string({ error: 'Enter a name for the advertiser.' })
    .trim()
    .min(1, 'Enter a name for the advertiser.')
    .max(ADVERTISER_NAME_MAX_LENGTH, `Please enter no more than ${ADVERTISER_NAME_MAX_LENGTH} characters.`),
});
export type AdvertiserCreateBody = z.input<typeof advertiserCreateBodySchema>;

/** `POST /ads/v4/advertisers/{id}/members/`: the owner lets a person act for the advertiser. */
export const advertiserMemberAddBodySchema = z.object({
  username: z.string({ error: 'Enter a username.' }).trim().min(1, 'Enter a username.').max(30, 'Please enter no more than 30 characters.'),
});
export type AdvertiserMemberAddBody = z.input<typeof advertiserMemberAddBodySchema>;

export const advertiserIdSchema = idSchema;

/** An advertiser as the viewer sees it: `GET /ads/v4/advertisers/` lists those they may act for. */
export const advertiserSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  /** The viewer's role: an owner acts as themself; a member acts on the advertiser's behalf (spec section 6). */
  role: z.enum(ADVERTISER_ROLES),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type Advertiser = z.infer<typeof advertiserSchema>;

/** `GET /ads/v4/advertisers/`: every advertiser the viewer owns or may act for (at most ADVERTISERS_PER_PERSON_MAX). */
export const advertiserListSchema = z.object({ items: z.array(advertiserSchema) });
export type AdvertiserList = z.infer<typeof advertiserListSchema>;

/** One person of `GET /ads/v4/advertisers/{id}/members/` (owner first). */
export const advertiserMemberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  full_name: z.string(),
  role: z.enum(ADVERTISER_ROLES),
});
export type AdvertiserMember = z.infer<typeof advertiserMemberSchema>;
export const advertiserMemberListSchema = z.object({ items: z.array(advertiserMemberSchema) });
export type AdvertiserMemberList = z.infer<typeof advertiserMemberListSchema>;

/**
 * The spec's rule (section 6): a viewer acting for an advertiser someone else owns acts on its
 * behalf (advertiser_id sent, boards protected, secret toggle and invites hidden); the owner, or
 * someone acting for none, keeps the choice of public or secret and may invite.
 */
export const actsOnBehalf = (advertiser: Pick<Advertiser, 'role'> | null | undefined): boolean => advertiser?.role === 'member';
