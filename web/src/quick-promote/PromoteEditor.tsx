import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_PREVIEW_WIDTH, quickPromotePayload, type AdvertiserProfile, type ConversionTag, type Pin, type Promotion, type QuickPromoteFormValues } from '@pinhive/contracts';
import { idempotencyKey } from '../api/idempotency';
import { serverErrorText } from '../boards/rules';
import { busyProps } from '../components/busy';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Spinner } from '../components/Spinner';
import { scaledHeight } from '../pins/closeup';
import { BillingFormModal, type BillingValues } from './BillingFormModal';
import { BusinessFields, BusinessFormModal, businessInput, emptyBusiness, firstBusinessProblem, useBusinessRefs } from './BusinessFields';
import { CampaignFields, type CampaignRefs } from './CampaignFields';
import { draftOf, readDraft, removeDraft, withDraft, writeDraft } from './drafts';
import { promoteFailure, type PromoteFailure } from './errors';
import { formProblems, initialForm, todayUtc, type FormProblem } from './form';
import { GdprModal } from './GdprModal';
import { businessProblems, type BusinessField, type Problems } from './profileRules';
import { useQuickPromote, useSetBilling, useSetBusiness } from './queries';
import { ErrorModal, SuccessModal } from './ResultModals';
import { billingInfoValid, businessInfoValid, stepAfterLeaving, type QuickPromoteStep } from './steps';
import { TagModal } from './TagModal';

interface PromoteEditorProps {
  advertiserId: string;
  advertiserName?: string | undefined;
  pin: Pin;
  profile: AdvertiserProfile;
  onChangePin: () => void;
  onFinish: (promotion: Promotion | null) => void;
}

/** The steps this page shows (PIN_SELECTION_MODAL is the flow's). */
type EditorStep = Exclude<QuickPromoteStep, 'PIN_SELECTION_MODAL'>;

/**
 * QUICK_PROMOTE_PAGE and the dialogs over it. Promote starts a run: the page's own business
 * fields are saved first (while the advertiser has no business), then each step left goes where
 * `stepAfterLeaving` says (section 4) until the promotion is made (SUCCESS_MODAL) or refused
 * (ERROR_MODAL, or the message under the pin's preview for a 401). Cancelling a dialog ends the
 * run. The business and billing forms opened from the page to edit them just come back to it.
 */
export function PromoteEditor({ advertiserId, advertiserName, pin, profile, onChangePin, onFinish }: PromoteEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [today] = useState(() => todayUtc(Date.now()));

  // The form, with the draft kept for this advertiser and pin laid over it (section 3).
  const [restored] = useState(() => readDraft(advertiserId, pin.id));
  const [form, setForm] = useState<QuickPromoteFormValues>(() => {
    const start = initialForm(advertiserId, profile.defaults, pin);
    return restored ? withDraft(start, restored) : start;
  });
  const changed = useRef(false);
  useEffect(() => {
    if (changed.current) writeDraft(advertiserId, draftOf(form, pin.id, i18n.language));
  }, [advertiserId, pin.id, form, i18n.language]);
  const change = (next: QuickPromoteFormValues) => {
    changed.current = true;
    setForm(next);
    setCampaignShown([]);
  };

  const [business, setBusinessValues] = useState(() => emptyBusiness(profile.defaults.country));
  const [businessShown, setBusinessShown] = useState<Problems<BusinessField>>({});
  const [campaignShown, setCampaignShown] = useState<FormProblem[]>([]);
  const [step, setStep] = useState<EditorStep>('QUICK_PROMOTE_PAGE');
  /** In a run started by Promote: leaving a form follows the section 4 rule. */
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<PromoteFailure | null>(null);
  /** A business or billing save's refusal, shown in its form. */
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const [billingValues, setBillingValues] = useState<BillingValues>(() => ({ contact_name: profile.billing?.contact_name ?? '', email: profile.billing?.email ?? '', address: profile.billing?.address ?? '' }));
  const [promotion, setPromotion] = useState<Promotion | null>(null);
  // One key per promotion: a retry after a lost answer is the same promotion (a new one after success).
  const promoteKey = useRef(idempotencyKey('promote'));

  const setBusiness = useSetBusiness(advertiserId);
  const setBilling = useSetBilling(advertiserId);
  const promote = useQuickPromote(advertiserId, pin.id);
  const busy = setBusiness.isPending || setBilling.isPending || promote.isPending;

  const businessRefs = useBusinessRefs();
  const campaignRefs: CampaignRefs = {
    name: useRef<HTMLElement>(null),
    destination_url: useRef<HTMLElement>(null),
    budget: useRef<HTMLElement>(null),
    duration: useRef<HTMLElement>(null),
    inclusive_end_date: useRef<HTMLElement>(null),
    countries: useRef<HTMLElement>(null),
    selected_ocpm_tag: useRef<HTMLElement>(null),
  };
  const pinError = useRef<HTMLParagraphElement>(null);
  const failed = (error: unknown) => serverErrorText(error, t('advertisers.failed'));

  const endRun = () => {
    setRunning(false);
    setSaveFailure(null);
    setStep('QUICK_PROMOTE_PAGE');
  };

  /** Leaves `from` with the profile as it now is (section 4). */
  const leave = (from: QuickPromoteStep, now: AdvertiserProfile, inlineBusinessValid = false) => {
    setSaveFailure(null);
    const next = stepAfterLeaving(from, { errorArea: null, businessValid: businessInfoValid(now.business, inlineBusinessValid), billingValid: billingInfoValid(now.billing, false) });
    if (next === 'SUCCESS_MODAL') promoteNow(from);
    else if (next === null) endRun();
    else setStep(next as EditorStep);
  };

  const promoteNow = (from: QuickPromoteStep) => {
    const body = quickPromotePayload(form, pin.id);
    // Null only for a product group without a pin (section 5: the save is skipped); this page
    // always has its pin, but a skipped save must not leave the run spinning.
    if (!body) {
      endRun();
      return;
    }
    promote.mutate(
      { body, key: promoteKey.current },
      {
        onSuccess: (made) => {
          removeDraft(advertiserId, pin.id);
          promoteKey.current = idempotencyKey('promote');
          setRunning(false);
          setPromotion(made);
          setStep('SUCCESS_MODAL');
        },
        onError: (error) => {
          const found = promoteFailure(error, t('advertisers.failed'));
          setFailure(found);
          setRunning(false);
          // 'modal': the rule's first case, the error modal. 'pin': the message under the pin's
          // preview, on the page (the rule would otherwise send the promotion again).
          if (found.area === 'modal') setStep(stepAfterLeaving(from, { errorArea: 'modal', businessValid: true, billingValid: true }) as EditorStep);
          else {
            setStep('QUICK_PROMOTE_PAGE');
            requestAnimationFrame(() => pinError.current?.focus());
          }
        },
      },
    );
  };

  const onPromote = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const campaign = formProblems(form, profile.defaults, today);
    const inline = profile.business ? {} : businessProblems(business);
    setCampaignShown(campaign);
    setBusinessShown(inline);
    const firstBusiness = firstBusinessProblem(inline);
    if (firstBusiness) businessRefs[firstBusiness].current?.focus();
    else if (campaign[0]) campaignRefs[campaign[0].field].current?.focus();
    if (campaign.length > 0) return;
    const inlineValid = !firstBusiness;
    // Leaving the page with no business and invalid business fields: the rule says stay.
    if (stepAfterLeaving('QUICK_PROMOTE_PAGE', { errorArea: null, businessValid: businessInfoValid(profile.business, inlineValid), billingValid: billingInfoValid(profile.billing, false) }) === null) return;
    setRunning(true);
    if (profile.business) {
      leave('QUICK_PROMOTE_PAGE', profile);
      return;
    }
    setBusiness.mutate(business, {
      onSuccess: (now) => leave('QUICK_PROMOTE_PAGE', now),
      onError: (error) => {
        setRunning(false);
        setFailure({ area: 'modal', message: failed(error), detail: null });
        setStep('ERROR_MODAL');
      },
    });
  };

  const onBusinessForm = (values: typeof business) =>
    setBusiness.mutate(values, {
      onSuccess: (now) => (running ? leave('QUICK_PROMOTE_BUSINESS_FORM', now) : endRun()),
      onError: (error) => setSaveFailure(failed(error)),
    });

  const saveBilling = (values: BillingValues, from: QuickPromoteStep) =>
    setBilling.mutate(
      { ...values, accepted_terms: true },
      {
        onSuccess: (now) => (running ? leave(from, now) : endRun()),
        onError: (error) => setSaveFailure(failed(error)),
      },
    );

  const onBillingForm = (values: BillingValues) => {
    setBillingValues(values);
    setSaveFailure(null);
    // Terms accepted before are not asked again; otherwise the GDPR modal records the consent.
    if (profile.billing?.accepted_terms) saveBilling(values, 'QUICK_PROMOTE_BILLING_FORM');
    else setStep('GDPR_MODAL');
  };

  const onTagCreated = (tag: ConversionTag) => {
    change({ ...form, selected_ocpm_tag: { conversionTagId: tag.id, conversionEvent: form.selected_ocpm_tag?.conversionEvent ?? 'PAGE_VISIT' } });
    setStep('QUICK_PROMOTE_PAGE');
  };

  const image = pin.images['236x'];
  const problemCount = campaignShown.length + Object.keys(businessShown).length;

  return (
    <div className="qp">
      <header className="qp__header">
        <h1 className="qp__title">{t('quickPromote.title')}</h1>
        <p className="qp__intro">{t('quickPromote.intro')}</p>
        {advertiserName ? <p className="qp__advertiser">{t('quickPromote.advertiser', { name: advertiserName })}</p> : null}
        {restored ? (
          <p className="qp__restored" role="status">
            {t('quickPromote.restored')}
          </p>
        ) : null}
      </header>
      <div className="qp__layout">
        <aside className="qp__pin" aria-labelledby={`${id}-pin`}>
          <h2 className="visually-hidden" id={`${id}-pin`}>
            {t('quickPromote.pinAlt')}
          </h2>
          <img src={image.url} alt={pin.alt_text ?? pin.title} width={PIN_PREVIEW_WIDTH} height={scaledHeight(image, PIN_PREVIEW_WIDTH)} style={{ backgroundColor: pin.dominant_color }} />
          {pin.title ? <p className="qp__pin-title">{pin.title}</p> : null}
          {failure?.area === 'pin' ? (
            <p className="qp__pin-error" role="alert" ref={pinError} tabIndex={-1}>
              {failure.message} {failure.detail}
            </p>
          ) : null}
          <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={onChangePin}>
            {t('quickPromote.changePin')}
          </button>
        </aside>
        <form className="qp__form" onSubmit={onPromote} noValidate aria-describedby={problemCount > 0 ? `${id}-problems` : undefined}>
          <section className="qp__section" aria-labelledby={`${id}-business`}>
            <h2 className="qp__section-title" id={`${id}-business`}>
              {t('quickPromote.business.title')}
            </h2>
            {profile.business ? (
              <div className="qp__summary">
                <p>
                  {profile.business.business_name || profile.business.address} · {profile.business.country}
                </p>
                <button type="button" className="text-link" aria-haspopup="dialog" onClick={() => setStep('QUICK_PROMOTE_BUSINESS_FORM')}>
                  {t('quickPromote.business.edit')}
                </button>
              </div>
            ) : (
              <>
                <p className="qp-hint">{t('quickPromote.business.intro')}</p>
                <BusinessFields values={business} onChange={(next) => { setBusinessValues(next); setBusinessShown({}); }} problems={businessShown} refs={businessRefs} />
              </>
            )}
            {profile.billing ? (
              <div className="qp__summary">
                <p>{t('quickPromote.billing.title')}: {profile.billing.contact_name} · {profile.billing.email}</p>
                <button type="button" className="text-link" aria-haspopup="dialog" onClick={() => setStep('QUICK_PROMOTE_BILLING_FORM')}>
                  {t('quickPromote.billing.title')}
                </button>
              </div>
            ) : null}
          </section>
          <section className="qp__section" aria-labelledby={`${id}-campaign`}>
            <h2 className="qp__section-title" id={`${id}-campaign`}>
              {t('quickPromote.campaign.title')}
            </h2>
            <CampaignFields advertiserId={advertiserId} form={form} onChange={change} defaults={profile.defaults} problems={campaignShown} refs={campaignRefs} today={today} onMakeTag={() => setStep('TAG_MODAL')} />
          </section>
          {problemCount > 0 ? (
            <p className="form-alert" id={`${id}-problems`}>
              {t('quickPromote.fixBelow')}
            </p>
          ) : null}
          <div className="qp__actions">
            <button type="submit" className="button button--primary button--large" {...busyProps(busy)}>
              {busy ? <Spinner /> : null}
              <span>{t('quickPromote.promote')}</span>
            </button>
          </div>
          {/* What is going on, for screen readers (the overlay is visual only). */}
          <p className="visually-hidden" role="status">
            {promote.isPending ? t('quickPromote.promoting') : busy ? t('quickPromote.saving') : ''}
          </p>
        </form>
      </div>
      {promote.isPending ? <LoadingOverlay label={t('quickPromote.promoting')} /> : null}

      {step === 'QUICK_PROMOTE_BUSINESS_FORM' ? (
        <BusinessFormModal
          initial={profile.business ? businessInput(profile.business) : business}
          pending={setBusiness.isPending}
          failure={saveFailure}
          onSubmit={onBusinessForm}
          onClose={endRun}
        />
      ) : null}
      {step === 'QUICK_PROMOTE_BILLING_FORM' ? <BillingFormModal initial={billingValues} pending={setBilling.isPending} failure={saveFailure} onSubmit={onBillingForm} onClose={endRun} /> : null}
      {step === 'GDPR_MODAL' ? (
        <GdprModal
          pending={setBilling.isPending}
          failure={saveFailure}
          onAccept={() => saveBilling(billingValues, 'GDPR_MODAL')}
          onDecline={() => {
            setSaveFailure(t('quickPromote.gdpr.declined'));
            setStep('QUICK_PROMOTE_BILLING_FORM');
          }}
        />
      ) : null}
      {step === 'TAG_MODAL' ? <TagModal advertiserId={advertiserId} onCreated={onTagCreated} onClose={() => setStep('QUICK_PROMOTE_PAGE')} /> : null}
      {step === 'ERROR_MODAL' && failure ? (
        <ErrorModal
          failure={failure}
          onClose={() => {
            setFailure(null);
            setStep('QUICK_PROMOTE_PAGE');
          }}
        />
      ) : null}
      {step === 'SUCCESS_MODAL' && promotion ? <SuccessModal promotion={promotion} onDone={() => onFinish(promotion)} /> : null}
    </div>
  );
}
