export const SECTIONS_COLLECTION = 'sections';

/** A pin shown on a section's card (the newest few saved into it). */
export interface PreviewPin {
  id: string;
  imageUrl: string;
  width: number;
  height: number;
}

/** A board section. Counted like a board (board.model.ts): `counted` keeps the applied keys. */
export interface SectionDoc {
  _id: string;
  boardId: string;
  title: string;
  slug: string;
  /** `${boardId}:${slug}`: the section page's lookup, unique. */
  boardSlug: string;
  /** How the name came: 0 typed, 1 recommended, 2 an edited recommendation. */
  nameSource: 0 | 1 | 2;
  pinCount: number;
  /** The last number given to a pin placed here (pins are read by buckets of it). */
  pinSeq: number;
  counted: string[];
  previewPins: PreviewPin[];
  createdAt: Date;
}

/** Pins a section card previews. */
export const SECTION_PREVIEW_PINS = 3;
