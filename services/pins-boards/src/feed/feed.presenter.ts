import type { FeedPin } from '@pinhive/contracts';
import type { FeedEntryDoc } from './feed.model';

/** A feed entry as its card shows it: all of it is in the entry (nothing looked up per pin). */
export function presentFeedPin(entry: FeedEntryDoc): FeedPin {
  return {
    id: entry.pinId,
    type: 'pin',
    title: entry.title,
    description: entry.description,
    link: entry.link,
    dominant_color: entry.dominantColor,
    images: { '236x': entry.image236, orig: entry.imageOrig },
    board: { id: entry.boardId, name: entry.boardName },
    pinner: { id: entry.pinnerId },
    created_at: entry.savedAt.toISOString(),
  };
}
