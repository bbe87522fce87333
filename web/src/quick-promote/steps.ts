/*
 * The quick-promote steps (saving-boards-ads.md section 4, "Quick-promote steps"). The page is
 * where the person fills in the campaign; the others are dialogs over it.
 */

export const QUICK_PROMOTE_STEPS = [
  'PIN_SELECTION_MODAL',
  'QUICK_PROMOTE_BUSINESS_FORM',
  'QUICK_PROMOTE_BILLING_FORM',
  'SUCCESS_MODAL',
  'ERROR_MODAL',
  'TAG_MODAL',
  'GDPR_MODAL',
  'QUICK_PROMOTE_PAGE',
] as const;
export type QuickPromoteStep = (typeof QUICK_PROMOTE_STEPS)[number];

/** Where a failed promotion's message shows (section 8): under the pin's preview, or in the error modal. */
export type ErrorArea = 'pin' | 'modal';

export interface LeaveState {
  /** The area of the server's last refusal, null when there is none. */
  errorArea: ErrorArea | null;
  /** The advertiser has a business (its profile's, or the business form's values are valid). */
  businessValid: boolean;
  /** The advertiser has billing details (its profile's, or the billing form's values are valid). */
  billingValid: boolean;
}

/**
 * The step after `current` when the person leaves it before the promotion has succeeded (section
 * 4, word for word): a server error for the modal area opens the error modal; otherwise with
 * business and billing both valid, the success modal (the promotion is made on the way there);
 * with only the business valid, the billing form; else the business form, unless the person is on
 * the quick-promote page, where they stay (null) with the page's own business fields to fill in.
 */
export function stepAfterLeaving(current: QuickPromoteStep, state: LeaveState): QuickPromoteStep | null {
  if (state.errorArea === 'modal') return 'ERROR_MODAL';
  if (state.businessValid && state.billingValid) return 'SUCCESS_MODAL';
  if (state.businessValid) return 'QUICK_PROMOTE_BILLING_FORM';
  return current === 'QUICK_PROMOTE_PAGE' ? null : 'QUICK_PROMOTE_BUSINESS_FORM';
}

/** Business info is valid with a business on the profile, or business form values that pass (section 4). */
export const businessInfoValid = (profileBusiness: unknown, formValid: boolean): boolean => Boolean(profileBusiness) || formValid;

/** Billing is valid with a billing profile that accepted the terms, or billing form values that pass (section 4). */
export const billingInfoValid = (profileBilling: { accepted_terms: boolean } | null | undefined, formValid: boolean): boolean =>
  Boolean(profileBilling?.accepted_terms) || formValid;
