import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvertiserProfile, BillingProfileInput, BusinessProfileInput, ConversionTag, QuickPromoteBody } from '@pinhive/contracts';
import { pinKey } from '../pins/usePin';
import { createConversionTag, fetchAdvertiserProfile, fetchConversionTags, putBillingProfile, putBusinessProfile, quickPromote } from './api';

export const quickPromoteKeys = {
  profile: (advertiserId: string) => ['advertiserProfile', advertiserId] as const,
  tags: (advertiserId: string) => ['conversionTags', advertiserId] as const,
};

export function useAdvertiserProfile(advertiserId: string | null) {
  return useQuery({
    queryKey: quickPromoteKeys.profile(advertiserId ?? ''),
    queryFn: ({ signal }) => fetchAdvertiserProfile(advertiserId ?? '', signal),
    enabled: advertiserId !== null,
  });
}

/** The business or billing form's answer is the whole profile: it replaces the cached one. */
function useProfileWrite<Body>(advertiserId: string, write: (advertiserId: string, body: Body) => Promise<AdvertiserProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => write(advertiserId, body),
    onSuccess: (profile) => queryClient.setQueryData(quickPromoteKeys.profile(advertiserId), profile),
  });
}

export const useSetBusiness = (advertiserId: string) => useProfileWrite<BusinessProfileInput>(advertiserId, putBusinessProfile);
export const useSetBilling = (advertiserId: string) => useProfileWrite<BillingProfileInput>(advertiserId, putBillingProfile);

export function useConversionTags(advertiserId: string, enabled: boolean) {
  return useQuery({
    queryKey: quickPromoteKeys.tags(advertiserId),
    queryFn: ({ signal }) => fetchConversionTags(advertiserId, signal),
    enabled,
  });
}

export function useCreateConversionTag(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createConversionTag(advertiserId, name),
    onSuccess: (tag) => queryClient.setQueryData<ConversionTag[]>(quickPromoteKeys.tags(advertiserId), (list) => (list ? [...list.filter((t) => t.id !== tag.id), tag] : [tag])),
  });
}

/** The promotion; afterwards the pin is read again (it is marked promoted once pins-boards hears of it). */
export function useQuickPromote(advertiserId: string, pinId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: QuickPromoteBody; key: Record<string, string> }) => quickPromote(advertiserId, pinId, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinKey(pinId) }),
  });
}
