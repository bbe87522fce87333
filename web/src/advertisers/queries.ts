import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Advertiser, AdvertiserMember } from '@pinhive/contracts';
import { addAdvertiserMember, createAdvertiser, fetchAdvertiser, fetchAdvertiserMembers, fetchAdvertisers, removeAdvertiserMember } from './api';

/** Keyed by the viewer's id: after an account switch another account's advertisers never show. */
export const advertiserKeys = {
  all: ['advertisers'] as const,
  list: (userId: string) => ['advertisers', userId, 'list'] as const,
  one: (userId: string, advertiserId: string) => ['advertisers', userId, 'one', advertiserId] as const,
  members: (userId: string, advertiserId: string) => ['advertisers', userId, 'members', advertiserId] as const,
};

/** The advertisers the viewer owns or may act for (asked for while someone is logged in). */
export function useAdvertisers(userId: string | null) {
  return useQuery({
    queryKey: advertiserKeys.list(userId ?? ''),
    queryFn: ({ signal }) => fetchAdvertisers(signal),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

/**
 * One advertiser the viewer owns or acts for (the advertiser console's): started from the list's
 * row when the list has it, so the console opens at once; a 404 means it is not theirs.
 */
export function useAdvertiser(userId: string, advertiserId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: advertiserKeys.one(userId, advertiserId),
    queryFn: ({ signal }) => fetchAdvertiser(advertiserId, signal),
    initialData: () => queryClient.getQueryData<Advertiser[]>(advertiserKeys.list(userId))?.find((advertiser) => advertiser.id === advertiserId),
    initialDataUpdatedAt: () => queryClient.getQueryState(advertiserKeys.list(userId))?.dataUpdatedAt,
    staleTime: 60_000,
  });
}

export function useAdvertiserMembers(userId: string, advertiserId: string, enabled: boolean) {
  return useQuery({
    queryKey: advertiserKeys.members(userId, advertiserId),
    queryFn: ({ signal }) => fetchAdvertiserMembers(advertiserId, signal),
    enabled,
  });
}

/** A new advertiser joins the viewer's list at once (then the list is asked for again). */
export function useCreateAdvertiser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createAdvertiser({ name }),
    onSuccess: async (advertiser) => {
      queryClient.setQueryData<Advertiser[]>(advertiserKeys.list(userId), (list) => (list && !list.some((a) => a.id === advertiser.id) ? [...list, advertiser] : list));
      await queryClient.invalidateQueries({ queryKey: advertiserKeys.list(userId) });
    },
  });
}

/** After someone is added or removed: the advertiser's people and its counts (list and console) are out of date. */
function useRefreshAdvertiser(userId: string, advertiserId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: advertiserKeys.members(userId, advertiserId) }),
      queryClient.invalidateQueries({ queryKey: advertiserKeys.list(userId) }),
      queryClient.invalidateQueries({ queryKey: advertiserKeys.one(userId, advertiserId) }),
    ]);
}

/** The owner lets someone act for the advertiser, by username. */
export function useAddAdvertiserMember(userId: string, advertiserId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdvertiser(userId, advertiserId);
  return useMutation({
    mutationFn: (username: string) => addAdvertiserMember(advertiserId, { username }),
    onSuccess: async (member) => {
      queryClient.setQueryData<AdvertiserMember[]>(advertiserKeys.members(userId, advertiserId), (list) =>
        list && !list.some((m) => m.user_id === member.user_id) ? [...list, member] : list,
      );
      await refresh();
    },
  });
}

/** The owner removes someone, or a member leaves (their own id). */
export function useRemoveAdvertiserMember(userId: string, advertiserId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdvertiser(userId, advertiserId);
  return useMutation({
    mutationFn: (memberId: string) => removeAdvertiserMember(advertiserId, memberId),
    onSuccess: async (_answer, memberId) => {
      queryClient.setQueryData<AdvertiserMember[]>(advertiserKeys.members(userId, advertiserId), (list) => list?.filter((m) => m.user_id !== memberId));
      await refresh();
    },
  });
}
