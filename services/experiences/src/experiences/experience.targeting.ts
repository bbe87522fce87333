import type { ExperienceTargeting, ExperimentName, ViewerType } from '@pinhive/contracts';

/** What targeting knows of a viewer at the time of a request. */
export interface ViewerFacts {
  viewerType: ViewerType;
  /** The account's country from sign-up, else the one the client gives (request targeting). */
  country: string | null;
  registeredAt: Date | null;
  groupOf: (experiment: ExperimentName) => string;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether an experience's targeting lets this viewer see it: every condition set must hold.
 * A condition on something unknown (no country, no registration date yet) does not hold: an
 * experience meant for some people is never shown to someone it may not be meant for.
 */
export function targets(targeting: ExperienceTargeting, viewer: ViewerFacts, now: Date): boolean {
  if (targeting.viewer_types && !targeting.viewer_types.includes(viewer.viewerType)) return false;
  for (const [name, groups] of Object.entries(targeting.experiment_groups ?? {})) {
    if (!groups.includes(viewer.groupOf(name as ExperimentName))) return false;
  }
  if (targeting.countries && (!viewer.country || !targeting.countries.includes(viewer.country))) return false;
  if (targeting.account_age_days_min !== undefined || targeting.account_age_days_max !== undefined) {
    if (!viewer.registeredAt) return false;
    const days = Math.floor((now.getTime() - viewer.registeredAt.getTime()) / DAY_MS);
    if (targeting.account_age_days_min !== undefined && days < targeting.account_age_days_min) return false;
    if (targeting.account_age_days_max !== undefined && days > targeting.account_age_days_max) return false;
  }
  return true;
}
