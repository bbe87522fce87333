import { boardIdOptionsSchema, sectionCreateOptionsSchema, sectionGetOptionsSchema, sectionIdOptionsSchema, sectionSchema, sectionUpdateOptionsSchema } from '@pinhive/contracts';
import { defineResource } from '@pinhive/kit';
import { z } from 'zod';
import type { SectionService } from './section.service';

export function sectionRoutes(sections: SectionService) {
  return [
    defineResource({
      resource: 'BoardSectionResource', action: 'create', summary: 'Add a section to a board (initial_pins are moved into it)', auth: 'viewer', status: 201,
      options: sectionCreateOptionsSchema, response: sectionSchema,
      handler: ({ viewer, options }) => sections.create(viewer, options),
    }),
    defineResource({
      resource: 'BoardSectionResource', action: 'get', summary: 'A section with its preview pins, by id or by board and slug', auth: 'optional',
      options: sectionGetOptionsSchema, response: sectionSchema,
      handler: ({ viewer, options }) => sections.get(viewer, options),
    }),
    defineResource({
      resource: 'BoardSectionResource', action: 'update', summary: 'Rename a section', auth: 'viewer',
      options: sectionUpdateOptionsSchema, response: sectionSchema,
      handler: ({ viewer, options }) => sections.rename(viewer, options.section_id, options.name),
    }),
    defineResource({
      resource: 'BoardSectionResource', action: 'delete', summary: 'Delete a section (its pins stay on the board)', auth: 'viewer',
      options: sectionIdOptionsSchema, response: z.object({ id: z.string() }),
      handler: ({ viewer, options }) => sections.remove(viewer, options.section_id),
    }),
    defineResource({
      resource: 'BoardSectionsRepinResource', action: 'get', summary: "A board's sections (the picker's section step)", auth: 'optional',
      options: boardIdOptionsSchema, response: z.array(sectionSchema),
      handler: ({ viewer, options }) => sections.ofBoard(viewer, options.board_id),
    }),
  ];
}
