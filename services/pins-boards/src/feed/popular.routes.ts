import { feedPinSchema, popularPinsOptionsSchema } from '@pinhive/contracts';
import { defineResource, JsonText } from '@pinhive/kit';
import { z } from 'zod';
import type { FeedCards } from './feed.cards';
import type { PopularPins } from './popular';

/**
 * PopularPinsResource: the most popular pins of public boards (feed/popular.ts), as feed cards,
 * for anyone (a new person's empty home shows them with their boards to follow). One bounded
 * list, not paged: at most POPULAR_PINS_MAX.
 */
export function popularRoutes(popular: PopularPins, cards: FeedCards) {
  return [
    defineResource({
      resource: 'PopularPinsResource', action: 'get', summary: 'Pins of public boards most saved of late', auth: 'optional',
      options: popularPinsOptionsSchema,
      response: z.array(feedPinSchema),
      handler: async ({ options }) => {
        const pinIds = await popular.top(options.page_size);
        const json = await cards.json(pinIds);
        // Deleted since, or their board hidden: out of the list for good.
        await popular.remove(pinIds.filter((_, i) => json[i] === undefined));
        return new JsonText(`[${json.filter((j): j is string => j !== undefined).join(',')}]`);
      },
    }),
  ];
}
