import type { BillingProfile, BusinessProfile } from '@pinhive/contracts';

export const ADVERTISER_PROFILES_COLLECTION = 'advertiser_profiles';

/**
 * What quick-promote needs to know of an advertiser beyond who may act for it: its business
 * details (the country sets the budgets and currency), its billing details, and its conversion
 * tags (at most CONVERSION_TAGS_MAX, read whole). One document per advertiser, `_id` its id.
 */
export interface AdvertiserProfileDoc {
  _id: string;
  business?: BusinessProfile & { updatedAt: Date; updatedBy: string };
  billing?: BillingProfile & { updatedAt: Date; updatedBy: string };
  conversionTags?: { id: string; name: string; createdAt: Date }[];
  /** `conversionTags.length`, kept in the same writes: the guard of the cap. Set when the document is made. */
  tagCount: number;
  /** Campaigns promoted for the advertiser so far: numbers them for their listing buckets. */
  campaignSeq?: number;
  /** The currencies its campaigns were promoted in (the country's at the time; the country may change since): the report's chart adds up spend only in one. */
  currencies?: string[];
}
