import { z } from 'zod';
import { idSchema } from './pins-boards';

/*
 * Quick-promote (saving-boards-ads.md sections 3, 4, 5, 7 and 9): the country defaults, the
 * budget and name rules, and the call `POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/`.
 * The web app builds the payload with `quickPromotePayload`, the ads service validates it with
 * `quickPromoteBodySchema`: one set of rules on both sides. What the spec leaves unsaid (the
 * countries of the continental group, age buckets, interests, conversion events, the longest
 * campaign) is ours, in docs/decisions/quick-promote.md.
 */

/** A budget is sent in micro-currency: the amount times this, rounded (section 9). */
export const MICRO_CURRENCY = 1_000_000;
/** A campaign name of this many characters or more is cut (section 5)... */
export const CAMPAIGN_NAME_MAX = 64;
/** ...to this many, plus an ellipsis. */
export const CAMPAIGN_NAME_CUT = 62;
/** The longest name the call takes before cutting it (ours: a bound on the body). */
export const CAMPAIGN_NAME_INPUT_MAX = 500;
/** The country when none is known (section 9). */
export const DEFAULT_COUNTRY = 'US';
/** The longest campaign in days, and the furthest end date ahead (section 9's 365). */
export const CAMPAIGN_MAX_DAYS = 365;
/** The largest daily budget a quick promotion takes, in currency units (ours: a typo guard). */
export const DAILY_BUDGET_MAX = 1_000_000;

export const OBJECTIVES = ['CONSIDERATION', 'WEB_CONVERSION', 'CATALOG_SALES'] as const;
export type Objective = (typeof OBJECTIVES)[number];

/** Objective types of ad URLs (section 3). */
export const OBJECTIVE_TYPES = [
  'TEMPORARY_SHOPPING', 'CATALOG_SALES', 'PURCHASE', 'IMPRESSION', 'BILLABLE_ENGAGEMENT', 'TEMPORARY_BIDDED_CPM_VIDEO',
  'TEMPORARY_IMPRESSION_VIDEO', 'TEMPORARY_MRC_CPV_VIDEO', 'WEB_CONVERSION', 'AWARENESS', 'TRAFFIC', 'APP_INSTALL', 'VIDEO_VIEW',
] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

/** Default genders (section 9). */
export const GENDERS = ['female', 'male', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];
/** Age buckets a campaign may target (ours: the spec names age groups, not their bounds). */
export const AGE_BUCKETS = ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
/** Interests a campaign may target (ours: a short fixed list; a viewer's are inferred from their saves, ad-audience.ts). */
export const INTERESTS = ['art', 'beauty', 'design', 'diy', 'education', 'fashion', 'food', 'garden', 'health', 'home', 'kids', 'photography', 'quotes', 'sport', 'technology', 'travel', 'weddings'] as const;
export type Interest = (typeof INTERESTS)[number];
/** What a web-conversion campaign optimises for (ours, after the events a conversion tag reports). */
export const CONVERSION_EVENTS = ['PAGE_VISIT', 'SIGNUP', 'LEAD', 'ADD_TO_CART', 'CHECKOUT'] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

// ---------------------------------------------------------------- country defaults (section 9)

const EURO = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PT'];
const CURRENCY_OF: Record<string, string> = {
  ...Object.fromEntries(EURO.map((c) => [c, 'EUR'])),
  AU: 'AUD', CA: 'CAD', CH: 'CHF', DK: 'DKK', GB: 'GBP', NO: 'NOK', NZ: 'NZD', SE: 'SEK',
};
const DEFAULT_BUDGET: Record<string, number> = { US: 3, CZ: 80, SE: 10, NO: 10 };
const ALTERNATE_BUDGET: Record<string, number> = { AU: 10, NZ: 10, CA: 9, GB: 5, CZ: 150, SE: 70, NO: 70, DK: 50 };
const MIN_BUDGET: Record<string, number> = { CZ: 11 };
const LONG_DURATION = new Set(['SE', 'NO', 'DK']);

/**
 * Countries targeted together (section 9). The continental European group is ours: the countries
 * the spec's budgets and currencies name on the continent, and their neighbours.
 */
export const COUNTRY_GROUPS = {
  north_america_oceania: ['US', 'CA', 'NZ', 'AU'],
  uk_ireland: ['GB', 'IE'],
  continental_europe: ['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FI', 'FR', 'IT', 'LU', 'NL', 'NO', 'PL', 'PT', 'SE'],
  latin_america: ['BR', 'MX', 'AR', 'CL', 'CO', 'PE'],
} as const;
export type CountryGroup = keyof typeof COUNTRY_GROUPS;
/** Every country an advertiser may be in and a campaign may target. */
export const COUNTRIES: readonly string[] = Object.values(COUNTRY_GROUPS).flat();

export interface CountryDefaults {
  country: string;
  /** Days a new campaign runs unless set. */
  durationDays: number;
  /** The daily budget the form starts with, and the alternative it offers (currency units). */
  defaultBudget: number;
  alternateBudget: number;
  /** The least daily budget accepted. */
  minBudget: number;
  currency: string;
  group: CountryGroup;
}

/** The quick-promote defaults of a country (section 9); an unknown or missing one is the default country's. */
export function countryDefaults(country: string | null | undefined): CountryDefaults {
  const c = country && COUNTRIES.includes(country.toUpperCase()) ? country.toUpperCase() : DEFAULT_COUNTRY;
  const group = (Object.keys(COUNTRY_GROUPS) as CountryGroup[]).find((g) => (COUNTRY_GROUPS[g] as readonly string[]).includes(c)) ?? 'north_america_oceania';
  return {
    country: c,
    durationDays: LONG_DURATION.has(c) ? 30 : 10,
    defaultBudget: DEFAULT_BUDGET[c] ?? 1,
    alternateBudget: ALTERNATE_BUDGET[c] ?? 7,
    minBudget: MIN_BUDGET[c] ?? 1,
    currency: CURRENCY_OF[c] ?? 'USD',
    group,
  };
}

/** A budget in micro-currency: multiplied and rounded (section 9). */
export const toMicroCurrency = (budget: number): number => Math.round(budget * MICRO_CURRENCY);
export const fromMicroCurrency = (micro: number): number => micro / MICRO_CURRENCY;

/** A campaign name of 64 characters or more is cut to 62 plus an ellipsis (section 5). Counts code points. */
export function campaignNameOf(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length >= CAMPAIGN_NAME_MAX ? `${chars.slice(0, CAMPAIGN_NAME_CUT).join('')}…` : chars.join('');
}

// ---------------------------------------------------------------- the call (section 7)

export const targetingSpecSchema = z.object({
  GEO: z.array(z.string().toUpperCase().refine((c) => COUNTRIES.includes(c), 'Choose a country we serve ads in.')).min(1, 'Choose at least one country.').max(COUNTRIES.length),
  AGE_BUCKET: z.array(z.enum(AGE_BUCKETS)).max(AGE_BUCKETS.length).default([]),
  GENDER: z.array(z.enum(GENDERS)).max(GENDERS.length).default([]),
  INTEREST: z.array(z.enum(INTERESTS)).max(INTERESTS.length).default([]),
});
export type TargetingSpec = z.output<typeof targetingSpecSchema>;

/** A web address as a person types it into the forms: http(s), a host with a dot, no spaces. */
const httpUrl = (max: number) => z.string().trim().max(max, `Please enter no more than ${max} characters.`);
const isHttpUrl = (u: string) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(u);
const HTTP_URL_MESSAGE = 'Enter a website address starting with http:// or https://.';

/** A calendar day that exists (Date.parse took February 31 for March 3). */
const dateOnly = z.iso.date({ error: 'Use a real date like 2026-12-31.' });

/**
 * The body of a quick promotion, as the spec's section 7 lists it. Which objective it is follows
 * from what is sent: `objective_type` WEB_CONVERSION with its conversion tag is a web-conversion
 * ad; a `product_group_id` is catalog sales; anything else is CONSIDERATION.
 */
export const quickPromoteBodySchema = z
  .object({
    budget_in_micro_currency: z.number({ error: 'Enter a daily budget.' }).int('Send the budget in whole micro-currency units.').positive('Enter a daily budget.').max(DAILY_BUDGET_MAX * MICRO_CURRENCY, 'That budget is larger than a quick promotion takes.'),
    // A longer name is cut, not refused (section 5): the service applies campaignNameOf as the web does.
    campaign_name: z.string().trim().min(1, 'Enter a campaign name.').max(CAMPAIGN_NAME_INPUT_MAX, `Please enter no more than ${CAMPAIGN_NAME_INPUT_MAX} characters.`),
    destination_url: httpUrl(2048).refine(isHttpUrl, HTTP_URL_MESSAGE),
    duration: z.number().int().min(1, 'A campaign runs at least a day.').max(CAMPAIGN_MAX_DAYS, `A campaign runs at most ${CAMPAIGN_MAX_DAYS} days.`),
    auto_targeting_enabled: z.boolean().default(true),
    is_ongoing: z.boolean().default(false),
    start_now: z.boolean().default(true),
    inclusive_end_date: dateOnly.optional(),
    targeting_spec: targetingSpecSchema,
    advertiser_id: idSchema,
    ads_client_type: z.literal('quick_promote'),
    pin_id: idSchema,
    product_group_id: z.string().regex(/^\d{1,24}$/, 'Must be an id (digits).').nullable().optional(),
    flexible_daily_budget_enabled: z.literal(false).default(false),
    objective_type: z.literal('WEB_CONVERSION').optional(),
    optimization_goal_metadata: z
      .object({ conversion_tag_id: z.string().regex(/^\d{1,24}$/, 'Choose a conversion tag.'), conversion_event: z.enum(CONVERSION_EVENTS) })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.is_ongoing && b.inclusive_end_date) ctx.addIssue({ code: 'custom', path: ['inclusive_end_date'], message: 'An ongoing campaign has no end date.' });
    if (b.objective_type === 'WEB_CONVERSION' && !b.optimization_goal_metadata) ctx.addIssue({ code: 'custom', path: ['optimization_goal_metadata'], message: 'Choose a conversion tag and event.' });
    if (b.optimization_goal_metadata && b.objective_type !== 'WEB_CONVERSION') ctx.addIssue({ code: 'custom', path: ['objective_type'], message: 'A conversion tag is for web-conversion ads.' });
    if (b.objective_type === 'WEB_CONVERSION' && b.product_group_id) ctx.addIssue({ code: 'custom', path: ['product_group_id'], message: 'A web-conversion ad has no product group.' });
  });
export type QuickPromoteBody = z.input<typeof quickPromoteBodySchema>;
export type QuickPromoteRequest = z.output<typeof quickPromoteBodySchema>;

/** The objective a quick-promote body stands for. */
export function objectiveOf(body: Pick<QuickPromoteRequest, 'objective_type' | 'product_group_id'>): Objective {
  if (body.objective_type === 'WEB_CONVERSION') return 'WEB_CONVERSION';
  if (body.product_group_id) return 'CATALOG_SALES';
  return 'CONSIDERATION';
}

/** The quick-promote form's values (section 3), as the web app's form holds them. */
export interface QuickPromoteFormValues {
  name: string;
  destination_url: string;
  /** The daily budget in currency units. */
  budget: number;
  duration: number;
  /** `YYYY-MM-DD`, or blank. */
  inclusive_end_date: string;
  is_ongoing: boolean;
  advertiser_id: string;
  ages: AgeBucket[];
  interests: Interest[];
  genders: Gender[];
  /** The countries shown the ad (the advertiser's country group unless changed). */
  countries: string[];
  ad_type: Objective;
  selected_ocpm_tag: { conversionTagId: string; conversionEvent: ConversionEvent } | null;
  isAutoTargeting: boolean;
}

/**
 * The call's payload from the form (sections 5 and 7): the budget in micro-currency, rounded; the
 * name cut at 64; the end date only when not ongoing and non-blank; the objective type and the
 * conversion tag only for web conversion. Null when the spec says the save is skipped: a product
 * group given without a pin.
 */
export function quickPromotePayload(form: QuickPromoteFormValues, pinId: string | null | undefined, productGroupId?: string | null): QuickPromoteBody | null {
  if (!pinId && productGroupId) return null;
  if (!pinId) throw new Error('quick-promote needs a pin');
  const payload: QuickPromoteBody = {
    budget_in_micro_currency: toMicroCurrency(form.budget),
    campaign_name: campaignNameOf(form.name),
    destination_url: form.destination_url.trim(),
    duration: form.duration,
    auto_targeting_enabled: form.isAutoTargeting,
    is_ongoing: form.is_ongoing,
    start_now: true,
    targeting_spec: { GEO: form.countries, AGE_BUCKET: form.ages, GENDER: form.genders, INTEREST: form.interests },
    advertiser_id: form.advertiser_id,
    ads_client_type: 'quick_promote',
    pin_id: pinId,
    product_group_id: form.ad_type === 'CATALOG_SALES' ? (productGroupId ?? null) : null,
    flexible_daily_budget_enabled: false,
  };
  if (!form.is_ongoing && form.inclusive_end_date.trim() !== '') payload.inclusive_end_date = form.inclusive_end_date.trim();
  if (form.ad_type === 'WEB_CONVERSION' && form.selected_ocpm_tag) {
    payload.objective_type = 'WEB_CONVERSION';
    payload.optimization_goal_metadata = { conversion_tag_id: form.selected_ocpm_tag.conversionTagId, conversion_event: form.selected_ocpm_tag.conversionEvent };
  }
  return payload;
}

// ---------------------------------------------------------------- what the ads service keeps

export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A campaign, its one ad group and its one ad (Pinterest's campaign -> ad group -> ad), as answered. */
export const promotionSchema = z.object({
  campaign_id: z.string(),
  ad_group_id: z.string(),
  /** The ad: Pinterest's pin promotion. */
  pin_promotion_id: z.string(),
  advertiser_id: z.string(),
  pin_id: z.string(),
  name: z.string(),
  objective: z.enum(OBJECTIVES),
  status: z.enum(CAMPAIGN_STATUSES),
  daily_budget_in_micro_currency: z.number().int(),
  currency: z.string(),
  /** `YYYY-MM-DD` (UTC) of the first day served. */
  start_date: z.string(),
  /** `YYYY-MM-DD` (UTC) of the last day served; null when ongoing. */
  end_date: z.string().nullable(),
  targeting_spec: targetingSpecSchema,
  auto_targeting_enabled: z.boolean(),
  destination_url: z.string(),
  created_at: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * The detail of a promotion refused for want of a signed-in viewer (ads' 401): with a detail, a
 * 401 shows under the pin (section 8, area 'pin').
 */
export const PROMOTE_SIGNED_OUT_DETAIL = 'Log in again to promote this Pin.';

/** What a business needs besides its country: a name or an address (section 4). */
export const BUSINESS_NAME_OR_ADDRESS_MESSAGE = 'Enter your business name or its address.';

/**
 * An advertiser's business details (QUICK_PROMOTE_BUSINESS_FORM). Section 4: "Business info is
 * valid if it has a business address or business info": a name or an address, either will do.
 * The country is always asked for: it sets the currency and the budgets (section 9).
 */
export const businessProfileSchema = z.object({
  business_name: z.string().trim().max(100, 'Please enter no more than 100 characters.').default(''),
  website_url: httpUrl(2048).refine((u) => u === '' || isHttpUrl(u), HTTP_URL_MESSAGE).default(''),
  country: z.string().toUpperCase().refine((c) => COUNTRIES.includes(c), 'Choose a country we serve ads in.'),
  address: z.string().trim().max(300, 'Please enter no more than 300 characters.').default(''),
}).refine((b) => b.business_name !== '' || b.address !== '', { path: ['business_name'], message: BUSINESS_NAME_OR_ADDRESS_MESSAGE });
export type BusinessProfile = z.output<typeof businessProfileSchema>;
export type BusinessProfileInput = z.input<typeof businessProfileSchema>;

/**
 * How an advertiser pays (QUICK_PROMOTE_BILLING_FORM). Pinhive takes no card numbers: spend is
 * invoiced monthly to this contact, so a billing profile is who and where to invoice.
 */
export const billingProfileSchema = z.object({
  contact_name: z.string().trim().min(1, 'Enter who we should invoice.').max(100, 'Please enter no more than 100 characters.'),
  email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address for invoices.'),
  address: z.string().trim().min(1, 'Enter the billing address.').max(300, 'Please enter no more than 300 characters.'),
  /** The advertiser's consent to the ads terms and to processing their data (GDPR_MODAL). */
  accepted_terms: z.literal(true, { error: 'Accept the advertising terms to continue.' }),
});
export type BillingProfile = z.output<typeof billingProfileSchema>;
export type BillingProfileInput = z.input<typeof billingProfileSchema>;

/** `GET /ads/v4/advertisers/{id}/profile/`: what the quick-promote steps need to know. */
export const advertiserProfileSchema = z.object({
  advertiser_id: z.string(),
  business: businessProfileSchema.nullable(),
  billing: billingProfileSchema.omit({ accepted_terms: true }).extend({ accepted_terms: z.boolean() }).nullable(),
  /** Defaults for the business's country (or the default country). */
  defaults: z.object({
    country: z.string(), duration_days: z.number().int(), default_budget: z.number(), alternate_budget: z.number(), min_budget: z.number(), currency: z.string(),
    countries: z.array(z.string()),
  }),
});
export type AdvertiserProfile = z.infer<typeof advertiserProfileSchema>;

/** A conversion tag (TAG_MODAL): a web-conversion ad optimises for one of its events. */
export const conversionTagCreateSchema = z.object({ name: z.string().trim().min(1, 'Name the tag.').max(64, 'Please enter no more than 64 characters.') });
export const conversionTagSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
export type ConversionTag = z.infer<typeof conversionTagSchema>;
/** An advertiser's tags are read whole: at most this many. */
export const CONVERSION_TAGS_MAX = 20;
export const conversionTagListSchema = z.object({ items: z.array(conversionTagSchema) });
