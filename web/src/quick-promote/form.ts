import {
  CAMPAIGN_MAX_DAYS,
  DAILY_BUDGET_MAX,
  GENDERS,
  type AdvertiserProfile,
  type QuickPromoteFormValues,
} from '@pinhive/contracts';

/*
 * The quick-promote page's form (saving-boards-ads.md section 3, "Quick-promote form values"):
 * its first values from the advertiser's country defaults (section 9), and what must be fixed
 * before the promotion is sent. The payload itself is contracts' quickPromotePayload, and the ads
 * service checks it again with the same rules.
 */

/** How the campaign ends: after a number of days, on a date, or never (section 3's duration, inclusive_end_date, is_ongoing). */
export type Schedule = 'duration' | 'end_date' | 'ongoing';

export const scheduleOf = (form: Pick<QuickPromoteFormValues, 'is_ongoing' | 'inclusive_end_date'>): Schedule =>
  form.is_ongoing ? 'ongoing' : form.inclusive_end_date !== '' ? 'end_date' : 'duration';

/** The form's fields for a schedule: the other ways of ending are cleared. */
export function withSchedule(form: QuickPromoteFormValues, schedule: Schedule, today: string): QuickPromoteFormValues {
  if (schedule === 'ongoing') return { ...form, is_ongoing: true, inclusive_end_date: '' };
  if (schedule === 'end_date') return { ...form, is_ongoing: false, inclusive_end_date: form.inclusive_end_date || addDaysTo(today, form.duration - 1) };
  return { ...form, is_ongoing: false, inclusive_end_date: '' };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD` (UTC, as the ads service counts campaign days) `days` after `day`. */
export const addDaysTo = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const todayUtc = (now: number): string => new Date(now).toISOString().slice(0, 10);

/** The form a pin starts with: its title as the name, its link as the destination, the country's budget and duration. */
export function initialForm(advertiserId: string, defaults: AdvertiserProfile['defaults'], pin: { title: string; description: string; link: string | null }): QuickPromoteFormValues {
  return {
    name: (pin.title || pin.description).trim().slice(0, 200),
    destination_url: pin.link ?? '',
    budget: defaults.default_budget,
    duration: defaults.duration_days,
    inclusive_end_date: '',
    is_ongoing: false,
    advertiser_id: advertiserId,
    ages: [],
    interests: [],
    genders: [...GENDERS],
    countries: [...defaults.countries],
    ad_type: 'CONSIDERATION',
    selected_ocpm_tag: null,
    isAutoTargeting: true,
  };
}

/** A field's problem, as a key of the quickPromote.form.problems catalogue with its values. */
export type FormProblem =
  | { field: 'name'; problem: 'nameRequired' }
  | { field: 'destination_url'; problem: 'urlInvalid' }
  | { field: 'budget'; problem: 'budgetRequired' }
  | { field: 'budget'; problem: 'budgetTooHigh'; max: number; currency: string }
  | { field: 'duration'; problem: 'durationRange'; max: number }
  | { field: 'inclusive_end_date'; problem: 'endDateRange'; max: number }
  | { field: 'countries'; problem: 'countriesRequired' }
  | { field: 'selected_ocpm_tag'; problem: 'tagRequired' };
export type FormField = FormProblem['field'];

const HTTP_URL = /^https?:\/\/[^\s/]+\.[^\s]+$/i;

/**
 * What must be fixed before promoting, in the order the fields show (the first takes the focus).
 * Dates are compared as `YYYY-MM-DD` in UTC, as the ads service counts campaign days.
 */
export function formProblems(form: QuickPromoteFormValues, defaults: Pick<AdvertiserProfile['defaults'], 'currency'>, today: string): FormProblem[] {
  const problems: FormProblem[] = [];
  if (form.name.trim() === '') problems.push({ field: 'name', problem: 'nameRequired' });
  if (!HTTP_URL.test(form.destination_url.trim())) problems.push({ field: 'destination_url', problem: 'urlInvalid' });
  // The least budget is the ads service's to check (promote_budget_too_low, shown in the error
  // modal): it follows the business's country, which the page's business fields may change in
  // the same press. The field's hint says it beforehand.
  if (!Number.isFinite(form.budget) || form.budget <= 0) problems.push({ field: 'budget', problem: 'budgetRequired' });
  else if (form.budget > DAILY_BUDGET_MAX) problems.push({ field: 'budget', problem: 'budgetTooHigh', max: DAILY_BUDGET_MAX, currency: defaults.currency });
  const schedule = scheduleOf(form);
  if (schedule === 'duration' && !(Number.isInteger(form.duration) && form.duration >= 1 && form.duration <= CAMPAIGN_MAX_DAYS)) {
    problems.push({ field: 'duration', problem: 'durationRange', max: CAMPAIGN_MAX_DAYS });
  }
  if (schedule === 'end_date' && !(/^\d{4}-\d{2}-\d{2}$/.test(form.inclusive_end_date) && form.inclusive_end_date >= today && form.inclusive_end_date <= addDaysTo(today, CAMPAIGN_MAX_DAYS))) {
    problems.push({ field: 'inclusive_end_date', problem: 'endDateRange', max: CAMPAIGN_MAX_DAYS });
  }
  if (form.countries.length === 0) problems.push({ field: 'countries', problem: 'countriesRequired' });
  if (form.ad_type === 'WEB_CONVERSION' && !form.selected_ocpm_tag) problems.push({ field: 'selected_ocpm_tag', problem: 'tagRequired' });
  return problems;
}
