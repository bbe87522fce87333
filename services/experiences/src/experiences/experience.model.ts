import type { ExperienceDefinition, ExperienceStatus } from '@pinhive/contracts';

/** Operator-edited experiences, `_id` = `placement:experience`. A handful: read whole, cached (experience.definitions.ts). */
export const EXPERIENCES_COLLECTION = 'experiences';
export type ExperienceDoc = ExperienceDefinition & { _id: string; updatedAt: Date };
/** At most this many experiences exist: the whole set is one bounded read. */
export const EXPERIENCES_MAX = 500;

/**
 * One document per person: the facts targeting needs (from auth's registration event) and the
 * person's status of each placed experience, so answering a viewer is one read by `_id` however
 * many experiences exist. Keys of `statuses` are placed ids (no '.', by their pattern).
 */
export const EXPERIENCE_PEOPLE_COLLECTION = 'experience_people';
export interface StatusEntry {
  status: ExperienceStatus;
  /** STATUS_RANK of status: the filter that keeps a status from going back compares it. */
  rank: number;
  at: Date;
}
export interface ExperiencePersonDoc {
  _id: string;
  country?: string | null;
  registeredAt?: Date | null;
  registeredStamp?: Date;
  statuses?: Record<string, StatusEntry>;
}
