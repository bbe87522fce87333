import type { Section } from '@pinhive/contracts';
import type { SectionDoc } from './section.model';

export function presentSection(section: SectionDoc): Section {
  return {
    id: section._id,
    type: 'board_section',
    title: section.title,
    slug: section.slug,
    board_id: section.boardId,
    pin_count: Math.max(0, section.pinCount),
    preview_pins: section.previewPins.map((p) => ({ id: p.id, image_square_url: p.imageUrl, image_square_size_pixels: { width: p.width, height: p.height } })),
  };
}
