import { defineHandler, type Logger } from '@pinhive/kit';
import type { PinRepository } from './pin.repository';

/**
 * An advertiser promoted a pin (ads' quick-promote, saving-boards-ads.md section 7): the pin is
 * marked, once. The dispatcher records the event handled; a second delivery or a second campaign
 * of the same pin finds it marked and changes nothing. A pin deleted meanwhile stays unmarked.
 */
export function pinPromotionHandlers(deps: { pins: Pick<PinRepository, 'markPromoted'>; logger: Logger }) {
  return [
    defineHandler({
      name: 'mark-promoted-pin',
      type: 'ads.pin.promoted.v1',
      handle: async ({ data, occurredAt }) => {
        const marked = await deps.pins.markPromoted(data.pinId, { removable: data.promotedIsRemovable, at: new Date(occurredAt) });
        deps.logger.debug({ pinId: data.pinId, campaignId: data.campaignId, marked }, 'pin promoted');
      },
    }),
  ];
}
