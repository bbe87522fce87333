import type { PinSavedV1 } from '@pinhive/contracts';
import type { BoardFacts } from '../boards/board.model';
import type { PinDoc } from '../pins/pin.model';
import type { FeedCard } from './feed.model';

/** A save's card from its event (the pin as saved, its time the pin's): nothing is read for it. */
export function cardOfSave(save: PinSavedV1, card: NonNullable<PinSavedV1['card']>, board: Pick<BoardFacts, '_id' | 'name'>): FeedCard {
  return {
    savedAt: Date.parse(card.savedAt),
    pin: {
      id: save.pinId, type: 'pin', title: card.title, description: card.description, link: card.link, dominant_color: save.dominantColor,
      images: { '236x': card.image236, orig: card.imageOrig }, board: { id: board._id, name: board.name }, pinner: { id: save.pinnerId }, created_at: card.savedAt,
    },
  };
}

/** A pin's card from the store (a feed rebuilt, a board followed, a card that expired). */
export function cardOfPin(pin: PinDoc, board: Pick<BoardFacts, '_id' | 'name'>): FeedCard {
  return {
    savedAt: pin.createdAt.getTime(),
    pin: {
      id: pin._id, type: 'pin', title: pin.title, description: pin.description, link: pin.link, dominant_color: pin.image.dominantColor,
      images: { '236x': pin.image['236x'], orig: pin.image.orig }, board: { id: board._id, name: board.name }, pinner: { id: pin.pinnerId }, created_at: pin.createdAt.toISOString(),
    },
  };
}
