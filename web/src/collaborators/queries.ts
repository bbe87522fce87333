import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { looksLikeEmail, type Board, type BoardInvite, type ShareSuggestion } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import { boardKeys } from '../boards/queries';
import { answerEmailInvite, answerInvite, fetchEmailInvite, fetchInvites, fetchShareSuggestions, fetchShareTypeahead, removeCollaborator, sendInvites } from './api';
import { typedEmailRow } from './rules';

export const collaboratorKeys = {
  mine: () => ['invites', 'mine'] as const,
  ofBoard: (boardId: string) => ['invites', 'board', boardId] as const,
  emailInvite: (token: string) => ['invites', 'link', token] as const,
  suggestions: (boardId: string | undefined) => ['shareSuggestions', boardId ?? null] as const,
  typeahead: (term: string, boardId: string | undefined) => ['shareSuggestions', boardId ?? null, term] as const,
};

/** The typeahead asks once typing pauses this long (section 9's fetch throttle). */
export const TYPEAHEAD_DELAY_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The rows of the invite typeahead: the suggested people before anything is typed; an address
 * answered at once from what is typed ('Keep typing!' until it is valid); otherwise the
 * typeahead's people once typing pauses.
 */
export function useShareRows(term: string, boardId: string | undefined, active: boolean): { rows: ShareSuggestion[]; loading: boolean; failed: boolean } {
  const typed = term.trim();
  const settled = useDebounced(typed, TYPEAHEAD_DELAY_MS);
  const email = looksLikeEmail(typed);
  const suggestions = useQuery({
    queryKey: collaboratorKeys.suggestions(boardId),
    queryFn: ({ signal }) => fetchShareSuggestions(boardId, signal),
    // Asked for once the field is used, not whenever a create-board form opens.
    enabled: active && typed.length === 0,
    staleTime: 30_000,
  });
  const typeahead = useQuery({
    queryKey: collaboratorKeys.typeahead(settled, boardId),
    queryFn: ({ signal }) => fetchShareTypeahead(settled, boardId, signal),
    enabled: settled.length > 0 && !looksLikeEmail(settled),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  if (email) {
    const row = typedEmailRow(typed);
    return { rows: row ? [row] : [], loading: false, failed: false };
  }
  if (typed.length === 0) return { rows: suggestions.data ?? [], loading: suggestions.isPending && suggestions.fetchStatus !== 'idle', failed: suggestions.isError };
  return { rows: typeahead.data ?? [], loading: typed !== settled || typeahead.isFetching, failed: typeahead.isError };
}

function useInvitePages(boardId: string | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: boardId ? collaboratorKeys.ofBoard(boardId) : collaboratorKeys.mine(),
    queryFn: ({ pageParam, signal }) => fetchInvites(boardId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}

/** The viewer's pending invitations. */
export const useMyInvites = (enabled = true) => useInvitePages(undefined, enabled);
/** A board's pending invitations (its owner's settings). */
export const useBoardInvites = (boardId: string, enabled: boolean) => useInvitePages(boardId, enabled);

/** After joining or leaving a board: the viewer's picker and boards, and the board itself, are out of date. */
async function refreshMembership(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: boardKeys.all }), queryClient.invalidateQueries({ queryKey: boardKeys.picker() })]);
}

type InvitePages = InfiniteData<Page<BoardInvite>, string | null>;

/** Accept or decline: the invitation leaves the list at once, and comes back if the answer fails. */
export function useAnswerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invite, accept }: { invite: BoardInvite; accept: boolean }) => answerInvite(invite.board.id, accept),
    onMutate: async ({ invite }) => {
      await queryClient.cancelQueries({ queryKey: collaboratorKeys.mine() });
      const before = queryClient.getQueryData<InvitePages>(collaboratorKeys.mine());
      queryClient.setQueryData<InvitePages>(collaboratorKeys.mine(), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((i) => i.id !== invite.id) })) } : data,
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(collaboratorKeys.mine(), context.before);
    },
    onSuccess: async (answer) => {
      if (answer.board) queryClient.setQueryData(boardKeys.byId(answer.board.id), answer.board);
      await refreshMembership(queryClient);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collaboratorKeys.mine() }),
  });
}

export function useEmailInvite(token: string) {
  return useQuery({
    queryKey: collaboratorKeys.emailInvite(token),
    queryFn: ({ signal }) => fetchEmailInvite(token, signal),
    enabled: token.length > 0,
  });
}

export function useAnswerEmailInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) => answerEmailInvite(token, accept),
    onSuccess: async (answer) => {
      if (answer.board) queryClient.setQueryData(boardKeys.byId(answer.board.id), answer.board);
      queryClient.removeQueries({ queryKey: collaboratorKeys.emailInvite(token) });
      await refreshMembership(queryClient);
    },
  });
}

/** Sends invitations for a board; its pending list is asked for again afterwards. */
export function useSendInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, people }: { boardId: string; people: { invited_user_ids: string[]; emails: string[] } }) => sendInvites(boardId, people),
    onSettled: (_result, _error, { boardId }) => queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofBoard(boardId) }),
  });
}

/** Every cached answer that is this board (its page by slug, by id). */
function updateBoard(queryClient: QueryClient, boardId: string, change: (board: Board) => Board): void {
  queryClient.setQueriesData({ queryKey: boardKeys.all }, (data: unknown) => {
    if (data && typeof data === 'object' && 'type' in data && (data as Board).type === 'board' && (data as Board).id === boardId) return change(data as Board);
    return data;
  });
}

/**
 * The owner removes a collaborator, or a collaborator leaves (their own id): they leave the
 * board's avatars at once, and come back if the server refuses.
 */
export function useRemoveCollaborator(board: Board) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeCollaborator(board.id, userId),
    onMutate: async (userId) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.all });
      const before = board.collaborating_users;
      updateBoard(queryClient, board.id, (b) => ({ ...b, collaborating_users: b.collaborating_users.filter((u) => u.id !== userId) }));
      return { before };
    },
    onError: (_error, _userId, context) => {
      if (context) updateBoard(queryClient, board.id, (b) => ({ ...b, collaborating_users: context.before }));
    },
    onSettled: () => refreshMembership(queryClient),
  });
}
