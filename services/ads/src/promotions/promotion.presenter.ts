import { countryDefaults, COUNTRIES, type AdvertiserProfile, type ConversionTag, type Promotion } from '@pinhive/contracts';
import type { AdGroupDoc, AdDoc, CampaignDoc } from './promotion.model';
import type { AdvertiserProfileDoc } from './profile.model';

export function presentPromotion(campaign: Omit<CampaignDoc, 'children'>, group: Pick<AdGroupDoc, 'targeting' | 'autoTargeting'>, ad: Pick<AdDoc, 'destinationUrl'>): Promotion {
  return {
    campaign_id: campaign._id,
    ad_group_id: campaign.adGroupId,
    pin_promotion_id: campaign.adId,
    advertiser_id: campaign.advertiserId,
    pin_id: campaign.pinId,
    name: campaign.name,
    objective: campaign.objective,
    status: campaign.status,
    daily_budget_in_micro_currency: campaign.dailyBudgetMicro,
    currency: campaign.currency,
    start_date: campaign.startDate,
    end_date: campaign.endDate,
    targeting_spec: group.targeting,
    auto_targeting_enabled: group.autoTargeting,
    destination_url: ad.destinationUrl,
    created_at: campaign.createdAt.toISOString(),
  };
}

export function presentProfile(advertiserId: string, doc: AdvertiserProfileDoc | null): AdvertiserProfile {
  const d = countryDefaults(doc?.business?.country);
  const business = doc?.business ? { business_name: doc.business.business_name, website_url: doc.business.website_url, country: doc.business.country, address: doc.business.address } : null;
  const billing = doc?.billing ? { contact_name: doc.billing.contact_name, email: doc.billing.email, address: doc.billing.address, accepted_terms: doc.billing.accepted_terms } : null;
  return {
    advertiser_id: advertiserId,
    business,
    billing,
    defaults: { country: d.country, duration_days: d.durationDays, default_budget: d.defaultBudget, alternate_budget: d.alternateBudget, min_budget: d.minBudget, currency: d.currency, countries: [...COUNTRIES] },
  };
}

export const presentTag = (tag: { id: string; name: string; createdAt: Date }): ConversionTag => ({ id: tag.id, name: tag.name, created_at: tag.createdAt.toISOString() });
