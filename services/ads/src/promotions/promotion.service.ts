import {
  campaignNameOf, countryDefaults, objectiveOf, toMicroCurrency,
  type AdvertiserProfile, type BillingProfileInput, type BusinessProfileInput, type ConversionTag, type Promotion, type QuickPromoteRequest,
  billingProfileSchema, businessProfileSchema, CONVERSION_TAGS_MAX,
} from '@pinhive/contracts';
import { appError, newEvent, newId, type OutboxTarget, type Viewer } from '@pinhive/kit';
import type { Request } from 'express';
import { authorizeAdvertiser } from '../advertisers/advertiser.policy';
import type { AdvertiserRepository } from '../advertisers/advertiser.repository';
import type { PinsClient } from './pins.client';
import { advertiserBucketKey, CAMPAIGNS_COLLECTION, type AdDoc, type AdGroupDoc, type CampaignDoc } from './promotion.model';
import { presentProfile, presentPromotion, presentTag } from './promotion.presenter';
import type { PromotionRepository, StoredCampaign } from './promotion.repository';
import { campaignDays } from './promotion.rules';
import type { ProfileRepository } from './profile.repository';

export interface PromotionServiceDeps {
  advertisers: Pick<AdvertiserRepository, 'findById'>;
  promotions: PromotionRepository;
  profiles: ProfileRepository;
  pins: Pick<PinsClient, 'readAs'>;
  kick: (target: OutboxTarget) => void;
  now?: () => Date;
}

/**
 * Quick-promote (saving-boards-ads.md sections 5, 7 and 9) and the advertiser's details it needs.
 * Who may: everyone who may act for the advertiser (advertiser.policy.ts, `promote`), for a pin
 * pins-boards shows them that is not on a secret board.
 */
export class PromotionService {
  private readonly now: () => Date;

  constructor(private readonly deps: PromotionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async authorize(viewer: Viewer, advertiserId: string): Promise<void> {
    authorizeAdvertiser(viewer, 'promote', await this.deps.advertisers.findById(advertiserId));
  }

  async profile(viewer: Viewer, advertiserId: string): Promise<AdvertiserProfile> {
    await this.authorize(viewer, advertiserId);
    return presentProfile(advertiserId, await this.deps.profiles.find(advertiserId));
  }

  async setBusiness(viewer: Viewer, advertiserId: string, input: BusinessProfileInput): Promise<AdvertiserProfile> {
    await this.authorize(viewer, advertiserId);
    const business = businessProfileSchema.parse(input);
    return presentProfile(advertiserId, await this.deps.profiles.set(advertiserId, 'business', { ...business, updatedAt: this.now(), updatedBy: viewer.userId }));
  }

  async setBilling(viewer: Viewer, advertiserId: string, input: BillingProfileInput): Promise<AdvertiserProfile> {
    await this.authorize(viewer, advertiserId);
    const billing = billingProfileSchema.parse(input);
    return presentProfile(advertiserId, await this.deps.profiles.set(advertiserId, 'billing', { ...billing, updatedAt: this.now(), updatedBy: viewer.userId }));
  }

  async tags(viewer: Viewer, advertiserId: string): Promise<{ items: ConversionTag[] }> {
    await this.authorize(viewer, advertiserId);
    return { items: ((await this.deps.profiles.find(advertiserId))?.conversionTags ?? []).map(presentTag) };
  }

  async addTag(viewer: Viewer, advertiserId: string, name: string): Promise<ConversionTag> {
    await this.authorize(viewer, advertiserId);
    const tag = { id: newId(this.now().getTime()), name, createdAt: this.now() };
    if (!(await this.deps.profiles.addTag(advertiserId, tag))) throw appError('conversion_tags_full', { detail: `An advertiser has at most ${CONVERSION_TAGS_MAX} tags.` });
    return presentTag(tag);
  }

  /**
   * Promotes a pin: checks, then the campaign with its event in one write, then its ad group and
   * ad (repaired from the event if this process dies first). A retry with the same
   * Idempotency-Key answers the first promotion and stores nothing.
   */
  async quickPromote(viewer: Viewer, req: Request, advertiserId: string, pinId: string, body: QuickPromoteRequest, idempotencyKey?: string): Promise<Promotion> {
    if (body.advertiser_id !== advertiserId) throw appError('bad_request', { message: 'advertiser_id must be the advertiser of the path.', field: 'advertiser_id' });
    if (body.pin_id !== pinId) throw appError('bad_request', { message: 'pin_id must be the pin of the path.', field: 'pin_id' });
    await this.authorize(viewer, advertiserId);
    const requestKeyPrefix = `${advertiserId}:${viewer.userId}:`;
    if (idempotencyKey) {
      const earlier = await this.deps.promotions.campaignByRequestKey(requestKeyPrefix + idempotencyKey);
      if (earlier) return this.present(earlier);
    }
    const profile = await this.deps.profiles.find(advertiserId);
    if (!profile?.business) throw appError('promote_business_required', { detail: 'Fill in the business details form first.' });
    if (!profile.billing) throw appError('promote_billing_required', { detail: 'Fill in the billing details form first.' });
    const defaults = countryDefaults(profile.business.country);
    if (body.budget_in_micro_currency < toMicroCurrency(defaults.minBudget)) {
      throw appError('promote_budget_too_low', { field: 'budget_in_micro_currency', detail: `The least daily budget is ${defaults.minBudget} ${defaults.currency}.` });
    }
    const conversion = body.optimization_goal_metadata;
    if (conversion && !(profile.conversionTags ?? []).some((t) => t.id === conversion.conversion_tag_id)) throw appError('conversion_tag_not_found', { field: 'optimization_goal_metadata' });
    const now = this.now();
    const days = campaignDays(now, body);
    if (days === 'invalid') throw appError('promote_end_date_invalid', { field: 'inclusive_end_date' });
    const pin = await this.deps.pins.readAs(req, pinId);
    if (!pin) throw appError('promote_pin_not_found');
    if (pin.board.privacy === 'secret') throw appError('promote_secret_pin');

    const id = newId(now.getTime());
    const [adGroupId, adId] = [newId(now.getTime()), newId(now.getTime())];
    const group: AdGroupDoc = {
      _id: adGroupId, campaignId: id, advertiserId, targeting: body.targeting_spec, autoTargeting: body.auto_targeting_enabled,
      productGroupId: body.product_group_id ?? null, conversion: conversion ? { tagId: conversion.conversion_tag_id, event: conversion.conversion_event } : null, createdAt: now,
    };
    const image = pin.images['236x'];
    const ad: AdDoc = {
      _id: adId, adGroupId, campaignId: id, advertiserId, pinId, destinationUrl: body.destination_url, createdAt: now,
      creative: {
        title: pin.title, description: pin.description, imageUrl: image.url, width: image.width, height: image.height, dominantColor: pin.dominant_color, pinnerId: pin.pinner.id,
        boardId: pin.board.id, boardName: pin.board.name, origUrl: pin.images.orig.url, origWidth: pin.images.orig.width, origHeight: pin.images.orig.height,
      },
    };
    const seq = await this.deps.profiles.nextCampaignSeq(advertiserId, defaults.currency);
    const campaign: CampaignDoc = {
      _id: id, live: true, advertiserBucket: advertiserBucketKey(advertiserId, seq), advertiserId, name: campaignNameOf(body.campaign_name), objective: objectiveOf(body), status: 'ACTIVE',
      dailyBudgetMicro: body.budget_in_micro_currency, currency: defaults.currency, startDate: days.startDate, endDate: days.endDate,
      pinId, adGroupId, adId, createdBy: viewer.userId, createdAt: now, requestKey: requestKeyPrefix + (idempotencyKey ?? id),
      children: { adGroup: group, ad },
    };
    const event = newEvent('ads', 'ads.pin.promoted.v1', pinId, { pinId, advertiserId, campaignId: id, adGroupId, adId, promotedIsRemovable: true }, now);
    const stored = await this.deps.promotions.insertCampaign(campaign, [event]);
    if (stored !== 'inserted') return this.present(stored);
    this.deps.kick({ collection: CAMPAIGNS_COLLECTION, id, created: [event] });
    await this.deps.promotions.putChildren(campaign.children);
    return presentPromotion(campaign, group, ad);
  }

  /** A stored campaign with its ad group and ad; they follow the campaign, so a moment after a crash they may still be missing. */
  private async present(campaign: StoredCampaign): Promise<Promotion> {
    const [group, ad] = await Promise.all([this.deps.promotions.adGroup(campaign.adGroupId), this.deps.promotions.ad(campaign.adId)]);
    if (!group || !ad) throw appError('service_unavailable', { detail: 'The promotion is still being stored. Try again in a moment.' });
    return presentPromotion(campaign, group, ad);
  }
}
