import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExperienceStatus, UserExperiencesResponse } from '@pinhive/contracts';
import { fetchExperiences, sendExperienceChange, type ExperienceChange } from './api';

export const experienceKeys = {
  all: ['experiences'] as const,
  placement: (viewerId: string, placementId: string) => ['experiences', viewerId, placementId] as const,
};

const STATUS_OF: Record<ExperienceChange, ExperienceStatus> = { viewed: 'viewed', completed: 'completed', dismissed: 'dismissed' };

/** The viewer's experiences at one placement (every eligible one, in order). */
export function usePlacement(viewerId: string, placementId: string) {
  return useQuery({
    queryKey: experienceKeys.placement(viewerId, placementId),
    queryFn: async ({ signal }) => (await fetchExperiences([placementId], true, signal))[placementId] ?? [],
    // A prompt is never worth an error on the page: a failed read shows nothing.
    retry: 1,
    // Read again each time the page shows it: steps are completed by what the person did elsewhere.
    staleTime: 0,
  });
}

/**
 * A status change of one experience: the local state first (a dismissed or completed one leaves
 * the placement at once, a viewed one is not reported twice), then the call; the server's answer,
 * which may hold a later status (completed stays completed), replaces it.
 */
export function useExperienceChange(viewerId: string, placementId: string) {
  const queryClient = useQueryClient();
  const key = experienceKeys.placement(viewerId, placementId);
  const apply = (placedId: string, status: ExperienceStatus | null) =>
    queryClient.setQueryData<UserExperiencesResponse[string]>(key, (list) =>
      list?.flatMap((e) => (e.placed_experience_id !== placedId ? [e] : status === 'viewed' || status === 'triggered' || status === null ? [{ ...e, status }] : [])),
    );
  return useMutation({
    mutationFn: ({ placedId, change }: { placedId: string; change: ExperienceChange }) => sendExperienceChange(placedId, change),
    onMutate: async ({ placedId, change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserExperiencesResponse[string]>(key);
      apply(placedId, STATUS_OF[change]);
      return { previous };
    },
    // A dismiss that failed brings the prompt back; a viewed that failed is not worth a retry.
    onError: (_err, { change }, context) => {
      if (change !== 'viewed' && context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => apply(answer.placed_experience_id, answer.status),
  });
}
