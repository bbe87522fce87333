import { defineHandler, interestHandlers } from '@pinhive/kit';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { PromotedCampaignRepository } from './promoted-campaign.repository';

/**
 * What the promoted pins of home feed and search pages are chosen from: ads' serving records (keyed by campaign, so
 * one campaign's arrive in order; a record older than the one kept changes nothing, so no
 * processed record is needed), and the viewers' interests from their own saves (kit
 * `interestHandlers`, as ads keeps them). The other targeting facts come with the registration
 * (profiles/profile.handlers.ts).
 */
export function promotedHandlers(deps: { campaigns: PromotedCampaignRepository; profiles: Pick<ProfileRepository, 'addInterests'> }) {
  return [
    defineHandler({
      name: 'promoted-campaign-serving', idempotent: true, type: 'ads.campaign.serving.v1',
      handle: async ({ data, occurredAt }) => {
        await deps.campaigns.setIfNewer(data, new Date(occurredAt));
      },
    }),
    ...interestHandlers('profile-interests-from-save', deps.profiles),
  ];
}
