import { describe, expect, it } from '@jest/globals';
import { billingInfoValid, businessInfoValid, QUICK_PROMOTE_STEPS, stepAfterLeaving, type ErrorArea, type QuickPromoteStep } from './steps';

describe('stepAfterLeaving (section 4: leaving a step before success)', () => {
  // [step left, error area, business valid, billing valid, next step]
  const table: [QuickPromoteStep, ErrorArea | null, boolean, boolean, QuickPromoteStep | null][] = [
    // A modal-area error wins over everything, from every step.
    ...QUICK_PROMOTE_STEPS.flatMap((step) =>
      [
        [true, true],
        [true, false],
        [false, true],
        [false, false],
      ].map(([business, billing]) => [step, 'modal', business, billing, 'ERROR_MODAL'] as [QuickPromoteStep, ErrorArea, boolean, boolean, QuickPromoteStep]),
    ),
    // Both valid: the success modal, whatever the step and a 'pin' error.
    ['QUICK_PROMOTE_PAGE', null, true, true, 'SUCCESS_MODAL'],
    ['QUICK_PROMOTE_BILLING_FORM', null, true, true, 'SUCCESS_MODAL'],
    ['QUICK_PROMOTE_BUSINESS_FORM', 'pin', true, true, 'SUCCESS_MODAL'],
    ['GDPR_MODAL', null, true, true, 'SUCCESS_MODAL'],
    // Only the business: the billing form.
    ['QUICK_PROMOTE_PAGE', null, true, false, 'QUICK_PROMOTE_BILLING_FORM'],
    ['QUICK_PROMOTE_BUSINESS_FORM', null, true, false, 'QUICK_PROMOTE_BILLING_FORM'],
    ['PIN_SELECTION_MODAL', 'pin', true, false, 'QUICK_PROMOTE_BILLING_FORM'],
    // No business (billing alone does not count): the business form, except on the page.
    ['QUICK_PROMOTE_BILLING_FORM', null, false, true, 'QUICK_PROMOTE_BUSINESS_FORM'],
    ['PIN_SELECTION_MODAL', null, false, false, 'QUICK_PROMOTE_BUSINESS_FORM'],
    ['TAG_MODAL', 'pin', false, false, 'QUICK_PROMOTE_BUSINESS_FORM'],
    ['ERROR_MODAL', null, false, false, 'QUICK_PROMOTE_BUSINESS_FORM'],
    ['QUICK_PROMOTE_PAGE', null, false, false, null],
    ['QUICK_PROMOTE_PAGE', null, false, true, null],
    ['QUICK_PROMOTE_PAGE', 'pin', false, false, null],
  ];

  it.each(table)('leaving %s (error area %s, business %s, billing %s) goes to %s', (step, errorArea, businessValid, billingValid, next) => {
    expect(stepAfterLeaving(step, { errorArea, businessValid, billingValid })).toBe(next);
  });
});

describe('validity', () => {
  it('counts a business on the profile or valid form values', () => {
    expect(businessInfoValid({ business_name: 'Hive' }, false)).toBe(true);
    expect(businessInfoValid(null, true)).toBe(true);
    expect(businessInfoValid(null, false)).toBe(false);
  });

  it('counts billing that accepted the terms, or valid form values', () => {
    expect(billingInfoValid({ accepted_terms: true }, false)).toBe(true);
    expect(billingInfoValid({ accepted_terms: false }, false)).toBe(false);
    expect(billingInfoValid(null, true)).toBe(true);
    expect(billingInfoValid(undefined, false)).toBe(false);
  });
});
