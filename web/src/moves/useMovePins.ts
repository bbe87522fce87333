import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MoveResult, Pin } from '@pinhive/contracts';
import { ApiError } from '../api/client';
import type { Page } from '../api/resource';
import { boardKeys } from '../boards/queries';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { sendMove } from './api';
import { leavesFeed, moveCall, moveErrorText, withoutMoved, type Place, type Selection } from './rules';

/** Where the chosen pins go, with the names the toast says. */
export interface MoveTarget extends Place {
  boardName: string;
  sectionTitle: string | null;
}

export interface MoveVariables {
  target: MoveTarget;
  selection: Selection;
}

/** The save toast's time (section 9: 4000 ms). */
const MOVED_TOAST_MS = 4_000;
/** A move still running on the server (202) is looked at again after these delays. */
const RUNNING_REFRESHES_MS = [5_000, 20_000, 60_000];

type FeedData = InfiniteData<Page<Pin>, string | null>;

/** Everything a move changes: the boards' pages and counts, their sections, the pickers. */
function refreshAfterMove(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['boardFeed'] }),
    queryClient.invalidateQueries({ queryKey: boardKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['sections'] }),
    queryClient.invalidateQueries({ queryKey: ['section'] }),
    queryClient.invalidateQueries({ queryKey: boardKeys.picker() }),
  ]);
}

/**
 * Moves the chosen pins of the feed being looked at (`viewed`: a board, or one of its sections)
 * to another board or section (section 4): the pins leave the page at once when they leave it
 * (optimistic), counts and sections are refreshed afterwards, and a failure puts them back with
 * a toast (section 8): 'Please wait until the previous board action finishes.' while another
 * board action runs, else the server's words.
 */
export function useMovePins(viewed: Place) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const feedKey: QueryKey = boardKeys.feed(viewed.boardId, viewed.sectionId ?? undefined);

  return useMutation<MoveResult, unknown, MoveVariables, { previous: FeedData | undefined } | undefined>({
    mutationFn: ({ target, selection }) => {
      const call = moveCall(viewed, target, selection);
      if (!call) return Promise.reject(new ApiError({ code: 'bad_request', message: t('moves.samePlace'), message_detail: null, http_status: 400 }));
      return sendMove(call);
    },
    onMutate: async ({ target, selection }) => {
      if (!leavesFeed(viewed, target) || !moveCall(viewed, target, selection)) return undefined;
      await queryClient.cancelQueries({ queryKey: feedKey });
      const previous = queryClient.getQueryData<FeedData>(feedKey);
      queryClient.setQueryData<FeedData>(feedKey, withoutMoved(previous, selection));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData<FeedData>(feedKey, context.previous);
      toast.show({ message: moveErrorText(error, { wait: t('moves.wait'), fallback: t('saving.defaultError') }), durationMs: ERROR_TOAST_MS, tone: 'error' });
    },
    onSuccess: (result, { target }) => {
      if (result.status === 'running') {
        toast.show({ message: t('moves.running'), durationMs: MOVED_TOAST_MS });
        // It goes on in the background: the pages are looked at again as it goes.
        for (const delay of RUNNING_REFRESHES_MS) window.setTimeout(() => void refreshAfterMove(queryClient), delay);
        return;
      }
      const message = target.sectionTitle ? t('moves.movedToSection', { section: target.sectionTitle, board: target.boardName }) : t('moves.movedTo', { board: target.boardName });
      toast.show({ message, durationMs: MOVED_TOAST_MS });
    },
    onSettled: (result) => (result?.status === 'running' ? undefined : refreshAfterMove(queryClient)),
  });
}
