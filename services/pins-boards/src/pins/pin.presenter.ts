import type { Pin } from '@pinhive/contracts';
import type { Viewer } from '@pinhive/kit';
import { boardUrl } from '../boards/board.presenter';
import type { BoardFacts } from '../boards/board.model';
import type { People } from '../shared/people';
import type { SectionDoc } from '../sections/section.model';
import type { PinDoc } from './pin.model';
import { pinPolicy } from './pin.policy';

/** The link's host without `www.` (the pin's domain line). */
export function linkDomain(link: string | null): string | null {
  if (!link) return null;
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * A pin as every reader sees it; `savedTo` is the viewer's own board holding its image (the
 * already-saved check), looked up by the one caller that answers it.
 */
export async function presentPin(pin: PinDoc, board: BoardFacts, section: SectionDoc | null, people: People, viewer: Viewer | undefined, savedTo: Pin['pinned_to_board'] = null): Promise<Pin> {
  const [owner, pinner, via] = await Promise.all([people.get(board.ownerId), people.get(pin.pinnerId), pin.viaPinnerId ? people.get(pin.viaPinnerId) : null]);
  return {
    id: pin._id,
    type: 'pin',
    title: pin.title,
    description: pin.description,
    link: pin.link,
    domain: linkDomain(pin.link),
    dominant_color: pin.image.dominantColor,
    images: { '236x': pin.image['236x'], orig: pin.image.orig },
    board: { id: board._id, name: board.name, url: boardUrl(owner.username, board.slug), privacy: board.privacy },
    pinned_to_board: savedTo,
    section: section && section.boardId === board._id ? { id: section._id, title: section.title, slug: section.slug } : null,
    pinner,
    via_pinner: via,
    method: pin.method,
    created_at: pin.createdAt.toISOString(),
    is_promoted: pin.promoted !== undefined,
    promoted_is_removable: pin.promoted?.removable ?? false,
    is_buyable_pin: false,
    is_removable: pinPolicy.rules.delete(viewer, { pinnerId: pin.pinnerId, board }),
    ...(pin.altText ? { alt_text: pin.altText } : {}),
  };
}
