import { billingProfileSchema, businessProfileSchema, COUNTRIES, type BillingProfileInput, type BusinessProfileInput } from '@pinhive/contracts';

/*
 * The business and billing forms' checks: contracts' schemas (the ads service checks the same),
 * each problem named by a key of the quickPromote.business / quickPromote.billing catalogue.
 */

export type BusinessField = 'business_name' | 'website_url' | 'country' | 'address';
export type BillingField = 'contact_name' | 'email' | 'address';
export type Problems<F extends string> = Partial<Record<F, string>>;

/** The longest each field takes (contracts' schemas), for the "no more than" message. */
export const BUSINESS_MAX: Record<BusinessField, number> = { business_name: 100, website_url: 2048, country: 2, address: 300 };
export const BILLING_MAX: Record<BillingField, number> = { contact_name: 100, email: 254, address: 300 };

const tooLong = (value: string, max: number) => value.trim().length > max;

export function businessProblems(values: BusinessProfileInput): Problems<BusinessField> {
  if (businessProfileSchema.safeParse(values).success) return {};
  const problems: Problems<BusinessField> = {};
  const name = (values.business_name ?? '').trim();
  // A name or an address (section 4): the missing pair is shown at the name, the first field.
  if (name === '' && (values.address ?? '').trim() === '') problems.business_name = 'nameRequired';
  else if (tooLong(name, BUSINESS_MAX.business_name)) problems.business_name = 'tooLong';
  const website = (values.website_url ?? '').trim();
  if (website !== '' && (tooLong(website, BUSINESS_MAX.website_url) || !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(website))) problems.website_url = 'websiteInvalid';
  if (!COUNTRIES.includes(values.country.toUpperCase())) problems.country = 'countryRequired';
  if (tooLong(values.address ?? '', BUSINESS_MAX.address)) problems.address = 'tooLong';
  return problems;
}

/** Billing's own fields (the terms are the GDPR modal's to accept). */
export function billingProblems(values: Omit<BillingProfileInput, 'accepted_terms'>): Problems<BillingField> {
  if (billingProfileSchema.safeParse({ ...values, accepted_terms: true }).success) return {};
  const problems: Problems<BillingField> = {};
  if (values.contact_name.trim() === '') problems.contact_name = 'contactRequired';
  else if (tooLong(values.contact_name, BILLING_MAX.contact_name)) problems.contact_name = 'tooLong';
  if (tooLong(values.email, BILLING_MAX.email) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) problems.email = 'emailInvalid';
  if (values.address.trim() === '') problems.address = 'addressRequired';
  else if (tooLong(values.address, BILLING_MAX.address)) problems.address = 'tooLong';
  return problems;
}

export const hasProblems = (problems: Problems<string>): boolean => Object.keys(problems).length > 0;
