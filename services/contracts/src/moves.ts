import { z } from 'zod';
import { BOARD_BUSY_CODES, idSchema, type BoardBusyCode } from './pins-boards';

/*
 * Moving pins between boards and sections (saving-boards-ads.md sections 4, 5, 7 and 8). The
 * four calls the spec names, each with the acting-as subject it may carry (section 6:
 * `orbac_subject_id`, accepted; acting for another account is not built, so it must be the
 * viewer's own id when sent).
 */

/** Pins one call may name (explicit lists, and the pins a select-all leaves out). */
export const MOVE_PINS_MAX = 500;

/** The spec's rule "Moving pins to the same board and section is rejected" (section 5), in our words. */
export const MOVE_SAME_PLACE_MESSAGE = 'These Pins are already there.';
export const MOVE_TOO_MANY_MESSAGE = `You can move at most ${MOVE_PINS_MAX} Pins at a time. Use Select all to move a whole board or section.`;

const pinList = z.array(idSchema).max(MOVE_PINS_MAX, MOVE_TOO_MANY_MESSAGE);
const actingAs = z.string().max(64).optional();

/** BoardSectionEditResource update: pins of the section's board go into that section. */
export const sectionEditOptionsSchema = z.object({
  section_id: idSchema,
  pins: pinList.min(1, 'Choose at least one Pin.'),
  orbac_subject_id: actingAs,
});
export type SectionEditOptions = z.input<typeof sectionEditOptionsSchema>;

/** BoardSectionPinsResource delete: pins leave the section, back to the board itself. */
export const sectionPinsDeleteOptionsSchema = sectionEditOptionsSchema;
export type SectionPinsDeleteOptions = z.input<typeof sectionPinsDeleteOptionsSchema>;

/** BulkEditResource update: the listed pins, from wherever they are, to `board_id` (its `section_id`, or its root). */
export const bulkEditOptionsSchema = z.object({
  board_id: idSchema,
  section_id: idSchema.nullable().optional(),
  pin_ids: pinList.min(1, 'Choose at least one Pin.'),
  orbac_subject_id: actingAs,
});
export type BulkEditOptions = z.input<typeof bulkEditOptionsSchema>;

/**
 * BulkEditSelectAllResource update: every pin of `board_id` (of its section `old_section_id`
 * when given) but the `pin_ids` listed, to `new_board_id` (its `new_section_id`, or its root).
 * Pins saved after the move started stay where they are.
 */
export const bulkEditSelectAllOptionsSchema = z.object({
  board_id: idSchema,
  new_board_id: idSchema,
  old_section_id: idSchema.nullable().optional(),
  new_section_id: idSchema.nullable().optional(),
  pin_ids: pinList.default([]),
  orbac_subject_id: actingAs,
});
export type BulkEditSelectAllOptions = z.input<typeof bulkEditSelectAllOptionsSchema>;

/**
 * What a move call answers: `done` with the number of pins moved once it finished within a few
 * seconds (200), else `running` (202): it goes on in the background and the boards answer
 * `board_busy` until it ends.
 */
export const moveResultSchema = z.object({
  move_id: z.string(),
  status: z.enum(['done', 'running']),
  moved: z.number().int().min(0).optional(),
});
export type MoveResult = z.infer<typeof moveResultSchema>;

/** The board actions that hold a board while they run, and the API code each answers others with. */
export type BoardActionKind = keyof typeof BOARD_BUSY_CODES;

export const busyCodeOf = (kind: BoardActionKind): BoardBusyCode => BOARD_BUSY_CODES[kind];

const BUSY_CODE_VALUES: readonly number[] = Object.values(BOARD_BUSY_CODES);

/** Whether an error's `data.api_error_code` is one of the board-busy codes (2171, 2172, 2173). */
export function isBoardBusyCode(code: unknown): code is BoardBusyCode {
  return typeof code === 'number' && BUSY_CODE_VALUES.includes(code);
}
