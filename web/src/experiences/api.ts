import {
  experienceStatusResponseSchema,
  userExperiencesResponseSchema,
  type ExperienceStatusResponse,
  type UserExperiencesResponse,
} from '@pinhive/contracts';
import { resourceGet, resourceWrite } from '../api/resource';

/** `UserExperienceResource` get: the viewer's experiences at these placements (all eligible ones with `multi`). */
export function fetchExperiences(placementIds: readonly string[], multi: boolean, signal?: AbortSignal): Promise<UserExperiencesResponse> {
  return resourceGet('UserExperienceResource', { placement_ids: placementIds, multi_experience: multi }, userExperiencesResponseSchema, signal);
}

/** The spec's three calls: viewed and completed as updates, dismissed as a delete. */
export type ExperienceChange = 'viewed' | 'completed' | 'dismissed';

export function sendExperienceChange(placedId: string, change: ExperienceChange): Promise<ExperienceStatusResponse> {
  const options = { placed_experience_id: placedId, extra_context: {} };
  if (change === 'viewed') return resourceWrite('UserExperienceViewedResource', 'update', options, experienceStatusResponseSchema);
  if (change === 'completed') return resourceWrite('UserExperienceCompletedResource', 'update', options, experienceStatusResponseSchema);
  return resourceWrite('UserExperienceResource', 'delete', options, experienceStatusResponseSchema);
}
