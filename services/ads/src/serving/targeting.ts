import type { AgeBucket, Interest, KnownGender, TargetingSpec } from '@pinhive/contracts';

/**
 * What serving knows of a viewer: the country, birthday and gender from auth's registration
 * event, the age group computed from the birthday when serving, interests inferred from their
 * saves (docs/decisions/ad-serving.md "Who is shown what"). Null or absent: not known.
 */
export interface ViewerFacts {
  country: string | null;
  ageBucket?: AgeBucket | null;
  gender?: KnownGender | null;
  interests?: readonly Interest[];
}

/**
 * Whether a campaign's targeting takes in a viewer (issue 25: country, age group, gender and
 * interests as the form sets them). The country must be one of the campaign's; a viewer whose
 * country is unknown is shown only campaigns with auto targeting (which widens the audience).
 * An age, gender or interest list narrows the audience to viewers known to match; viewers of
 * whom it is not known count as matching only under auto targeting. An empty list is everyone.
 * A viewer of unknown gender is GENDERS' 'unknown': a list naming it takes them in (the form's
 * default names all three genders).
 */
export function targets(spec: TargetingSpec, autoTargeting: boolean, viewer: ViewerFacts): boolean {
  if (viewer.country ? !spec.GEO.includes(viewer.country) : !autoTargeting) return false;
  const fits = (wanted: readonly string[], known: readonly string[] | null | undefined) => {
    if (wanted.length === 0) return true;
    if (!known || known.length === 0) return autoTargeting;
    return known.some((k) => wanted.includes(k));
  };
  const genderFits = viewer.gender ? fits(spec.GENDER, [viewer.gender]) : spec.GENDER.includes('unknown') || fits(spec.GENDER, null);
  return fits(spec.AGE_BUCKET, viewer.ageBucket ? [viewer.ageBucket] : null)
    && genderFits
    && fits(spec.INTEREST, viewer.interests ?? null);
}
