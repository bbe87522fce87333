import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAVE_TOAST_MS } from '@pinhive/contracts';
import { checkSavedImage, fetchPin } from '../pins/api';
import { useToast } from '../toast/toastContext';
import { inlineImageBase64 } from './draft';
import type { SaveTarget } from './useSave';

/** The viewer's board already holding what is being saved, or null: asked of the server each time the flow opens. */
async function alreadySavedTo(target: SaveTarget, signal: AbortSignal): Promise<string | null> {
  if (target.kind === 'repin') return (await fetchPin(target.pin.id, signal)).pinned_to_board?.name ?? null;
  // An inline image has no link the server could have seen saved.
  if (inlineImageBase64(target.draft.image)) return null;
  return (await checkSavedImage(target.draft.image, signal)).pinned_to_board?.name ?? null;
}

/**
 * The already-saved toast (saving-boards-ads.md section 2): 'Psst! You already saved this Pin to
 * {board_name}', once per opened flow. Uncached (`GET /v3/pins/{id}/` is per viewer and changes
 * with every save); a failed check is silent: it only tells, it never stops a save.
 */
export function useAlreadySaved(target: SaveTarget): void {
  const { t } = useTranslation();
  const toast = useToast();
  const subject = target.kind === 'repin' ? target.pin.id : target.draft.image;
  const check = useQuery({
    queryKey: ['alreadySaved', target.kind, subject],
    queryFn: ({ signal }) => alreadySavedTo(target, signal),
    enabled: subject !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const told = useRef<string | null>(null);
  const boardName = check.data;
  useEffect(() => {
    if (!boardName || told.current === subject) return;
    told.current = subject;
    toast.show({ message: t('saving.alreadySaved', { boardName }), durationMs: SAVE_TOAST_MS });
  }, [boardName, subject, t, toast]);
}
