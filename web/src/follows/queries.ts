import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FollowState } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { fetchFollowList, type FollowList } from './api';
import { withFollow, type Followable } from './followState';

export const followKeys = {
  all: ['followList'] as const,
  list: (list: FollowList) => ['followList', list.kind, list.kind === 'boardFollowers' ? list.boardId : list.userId] as const,
};

/** A people list (followers, following), a page at a time. */
export function useFollowList(list: FollowList) {
  return useInfiniteQuery({
    queryKey: followKeys.list(list),
    queryFn: ({ pageParam, signal }) => fetchFollowList(list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

interface FollowControlOptions {
  /** The cached answer (a board, a profile) whose `followed_by_me` and `follower_count` a press changes at once. */
  queryKey: QueryKey;
  follow: () => Promise<FollowState>;
  unfollow: () => Promise<FollowState>;
}

/**
 * Follow and unfollow on a board or a profile (saving-boards-ads.md sections 4 and 8): the
 * cached answer changes at once and goes back, silently, if the call fails. The count is not
 * read again after a success: the server counts from the follow's event, a moment later, and a
 * read at once could show the old count. A press while a call runs is ignored, so a follow and
 * an unfollow never race each other to the server.
 *
 * A visitor's press opens the log-in prompt (`requestAfterLogin`); once they are logged in the
 * follow goes on by itself. When whoever is looking changes otherwise (log-in, log-out, an
 * account switch), the answer is read again: `followed_by_me` is per viewer.
 */
export function useFollowControl({ queryKey, follow, unfollow }: FollowControlOptions) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const mutation = useMutation({
    mutationFn: (next: boolean) => (next ? follow() : unfollow()),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Followable>(queryKey);
      if (previous) queryClient.setQueryData<Followable>(queryKey, withFollow(previous, next));
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followKeys.all }),
  });
  const pending = mutation.isPending;
  const toggle = (next: boolean) => {
    if (!pending) mutation.mutate(next);
  };

  const [afterLogin, setAfterLogin] = useState(false);
  const who = viewer.status === 'authenticated' ? viewer.user.id : viewer.status;
  const seen = useRef(who);
  const latest = useRef({ afterLogin, mutate: mutation.mutate, queryKey });
  useEffect(() => {
    latest.current = { afterLogin, mutate: mutation.mutate, queryKey };
  });
  useEffect(() => {
    // Not known yet (at first, or while asked again): nothing to do until it is.
    if (who === 'loading') return;
    const before = seen.current;
    seen.current = who;
    // The first answer about who is looking changes nothing: the answer was read with the same session.
    if (before === who || before === 'loading') return;
    if (latest.current.afterLogin && who !== 'anonymous') {
      setAfterLogin(false);
      latest.current.mutate(true);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: latest.current.queryKey });
  }, [who, queryClient]);

  return { toggle, pending, requestAfterLogin: () => setAfterLogin(true) };
}
