import { z } from 'zod';
import { AGE_BUCKETS, CAMPAIGN_MAX_DAYS, DAILY_BUDGET_MAX, GENDERS, INTERESTS, OBJECTIVES, type QuickPromoteFormValues } from '@pinhive/contracts';

/*
 * A quick-promote draft in local storage (saving-boards-ads.md section 3, "Local storage" and
 * "Saved draft"), keyed `{advertiser}.{pin}`: what the person typed comes back when the page opens
 * again for the same advertiser and pin, and goes once the pin is promoted. Only the spec's draft
 * fields are kept (countries, end date and conversion tag are chosen again). A browser that
 * refuses local storage keeps no draft.
 */

export const draftKey = (advertiserId: string, pinId: string): string => `${advertiserId}.${pinId}`;

export const draftSchema = z.object({
  pin: z.string(),
  dailyBudget: z.number().positive().max(DAILY_BUDGET_MAX),
  destinationUrl: z.string().max(2048),
  duration: z.number().int().min(1).max(CAMPAIGN_MAX_DAYS),
  locale: z.string().max(35),
  name: z.string().max(200),
  interests: z.array(z.enum(INTERESTS)),
  ages: z.array(z.enum(AGE_BUCKETS)),
  genders: z.array(z.enum(GENDERS)),
  adType: z.enum(OBJECTIVES),
});
export type QuickPromoteDraft = z.infer<typeof draftSchema>;

/** The draft of the form's values. */
export function draftOf(form: QuickPromoteFormValues, pinId: string, locale: string): QuickPromoteDraft {
  return {
    pin: pinId,
    dailyBudget: form.budget,
    destinationUrl: form.destination_url,
    duration: form.duration,
    locale,
    name: form.name,
    interests: form.interests,
    ages: form.ages,
    genders: form.genders,
    adType: form.ad_type,
  };
}

/** The form's values with a draft's laid over them (the fields a draft does not keep stay as they are). */
export function withDraft(form: QuickPromoteFormValues, draft: QuickPromoteDraft): QuickPromoteFormValues {
  return {
    ...form,
    budget: draft.dailyBudget,
    destination_url: draft.destinationUrl,
    duration: draft.duration,
    name: draft.name,
    interests: draft.interests,
    ages: draft.ages,
    genders: draft.genders,
    ad_type: draft.adType,
  };
}

/** A stored value as a draft of `pinId`, or null when there is none or it is damaged (or of another pin). */
export function parseDraft(raw: string | null, pinId: string): QuickPromoteDraft | null {
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.pin === pinId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readDraft(advertiserId: string, pinId: string): QuickPromoteDraft | null {
  try {
    return parseDraft(window.localStorage.getItem(draftKey(advertiserId, pinId)), pinId);
  } catch {
    return null;
  }
}

export function writeDraft(advertiserId: string, draft: QuickPromoteDraft): void {
  try {
    window.localStorage.setItem(draftKey(advertiserId, draft.pin), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the form still works, it is just not kept.
  }
}

export function removeDraft(advertiserId: string, pinId: string): void {
  try {
    window.localStorage.removeItem(draftKey(advertiserId, pinId));
  } catch {
    // Nothing was kept.
  }
}
