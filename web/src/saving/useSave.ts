import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickerBoard, Pin, SavedPin, Section } from '@pinhive/contracts';
import { boardKeys } from '../boards/queries';
import { createPin, repin } from '../pins/api';
import { pinCreateOptions, type PinDraft } from './draft';

/** What is being saved: an existing pin (RepinResource) or a new one from a page (PinResource). */
export type SaveTarget = { kind: 'repin'; pin: Pin } | { kind: 'create'; draft: PinDraft };

export interface SaveResult {
  pin: SavedPin;
  board: PickerBoard;
  section: Section | null;
}

interface SaveVariables {
  board: PickerBoard;
  section: Section | null;
}

/**
 * Save-to-board (section 4): none → loading (board and section id) → success; a failure goes back
 * to none (the caller shows the error). The saved board's lists and feed are refreshed afterwards.
 */
export function useSave(target: SaveTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ board, section }: SaveVariables): Promise<SaveResult> => {
      const pin =
        target.kind === 'repin'
          ? await repin({ pin_id: target.pin.id, board_id: board.id, ...(section ? { section_id: section.id } : {}) })
          : await createPin(pinCreateOptions(target.draft, board.id, section?.id));
      return { pin, board, section };
    },
    onSuccess: async ({ board }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.picker() }),
        queryClient.invalidateQueries({ queryKey: ['boardFeed', board.id] }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sections', board.id] }),
      ]);
    },
  });
}
