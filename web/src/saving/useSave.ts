import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickerBoard, Pin, SavedPin, Section } from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { actingFields } from '../advertisers/rules';
import { noteSave } from '../boards/pendingSaves';
import { boardKeys } from '../boards/queries';
import { createPin, repin } from '../pins/api';
import { notePinCreated } from '../upsells/afterCreate';
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
 * to none (the caller shows the error). The saved board's lists and feed are refreshed afterwards,
 * showing the save in its count and cover before the server has counted it (boards/pendingSaves.ts).
 * Acting for an advertiser, `advertiser_id` goes with the pin (PinResource and RepinResource).
 */
export function useSave(target: SaveTarget) {
  const queryClient = useQueryClient();
  // Acting for an advertiser, its id goes with the save (section 6, and section 3's payload).
  const acting = actingFields(useActingAs().advertiser);
  return useMutation({
    mutationFn: async ({ board, section }: SaveVariables): Promise<SaveResult> => {
      const pin =
        target.kind === 'repin'
          ? await repin({ pin_id: target.pin.id, board_id: board.id, ...(section ? { section_id: section.id } : {}), ...acting })
          : await createPin({ ...pinCreateOptions(target.draft, board.id, section?.id), ...acting });
      return { pin, board, section };
    },
    onSuccess: async ({ board, pin }) => {
      // The board's count and cover follow the save at once; the server's count comes behind.
      noteSave(board, pin);
      // A new pin (not a repin) may be followed by an upsell (section 4; upsells/UpsellHost.tsx).
      if (target.kind === 'create') notePinCreated({ pin });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.picker() }),
        queryClient.invalidateQueries({ queryKey: ['boardFeed', board.id] }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sections', board.id] }),
      ]);
    },
  });
}
