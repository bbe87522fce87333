import {
  bulkEditOptionsSchema,
  bulkEditSelectAllOptionsSchema,
  moveResultSchema,
  sectionEditOptionsSchema,
  sectionPinsDeleteOptionsSchema,
  type MoveResult,
} from '@pinhive/contracts';
import { defineResource } from '@pinhive/kit';
import type { MoveService } from './move.service';

/** 200 with the pins moved when the move finished in time; 202 while it goes on in the background. */
async function answer(res: { status(code: number): unknown }, result: Promise<MoveResult>): Promise<MoveResult> {
  const done = await result;
  if (done.status === 'running') res.status(202);
  return done;
}

export function moveRoutes(moves: MoveService) {
  return [
    defineResource({
      resource: 'BoardSectionEditResource', action: 'update', summary: "Move pins of the section's board into the section", auth: 'viewer',
      options: sectionEditOptionsSchema, response: moveResultSchema,
      handler: ({ viewer, options, res }) => answer(res, moves.intoSection(viewer, options)),
    }),
    defineResource({
      resource: 'BoardSectionPinsResource', action: 'delete', summary: 'Move pins out of a section, back to the board itself', auth: 'viewer',
      options: sectionPinsDeleteOptionsSchema, response: moveResultSchema,
      handler: ({ viewer, options, res }) => answer(res, moves.outOfSection(viewer, options)),
    }),
    defineResource({
      resource: 'BulkEditResource', action: 'update', summary: 'Move the listed pins to a board (or one of its sections)', auth: 'viewer',
      options: bulkEditOptionsSchema, response: moveResultSchema,
      handler: ({ viewer, options, res }) => answer(res, moves.bulkEdit(viewer, options)),
    }),
    defineResource({
      resource: 'BulkEditSelectAllResource', action: 'update', summary: 'Move every pin of a board or section but the listed ones', auth: 'viewer',
      options: bulkEditSelectAllOptionsSchema, response: moveResultSchema,
      handler: ({ viewer, options, res }) => answer(res, moves.selectAll(viewer, options)),
    }),
  ];
}
