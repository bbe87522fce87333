import { defineHandler } from '@pinhive/kit';
import type { PromotionRepository } from './promotion.repository';

/**
 * ads' own promotion event brings the ad group and ad in line with the campaign: the request
 * writes them after the campaign, and this repairs what a process that died in between left
 * undone. It writes only what is missing, so running it again changes nothing: idempotent
 * without the dispatcher's records.
 */
export function promotionHandlers(promotions: Pick<PromotionRepository, 'childrenOf' | 'putChildren'>) {
  return [
    defineHandler({
      name: 'store-promotion-children',
      type: 'ads.pin.promoted.v1',
      idempotent: true,
      handle: async ({ data }) => {
        const children = await promotions.childrenOf(data.campaignId);
        if (children) await promotions.putChildren(children);
      },
    }),
  ];
}
