import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_BUCKETS, CAMPAIGN_MAX_DAYS, CONVERSION_EVENTS, COUNTRIES, GENDERS, INTERESTS, type AdvertiserProfile, type ConversionEvent, type QuickPromoteFormValues } from '@pinhive/contracts';
import { TextField } from '../components/TextField';
import { CheckboxGroup, countryName, RadioGroup, SelectField } from './fields';
import { addDaysTo, scheduleOf, withSchedule, type FormField, type FormProblem, type Schedule } from './form';
import { useConversionTags } from './queries';

export type CampaignRefs = Record<FormField, RefObject<HTMLElement | null>>;

interface CampaignFieldsProps {
  advertiserId: string;
  form: QuickPromoteFormValues;
  onChange: (form: QuickPromoteFormValues) => void;
  defaults: AdvertiserProfile['defaults'];
  /** Problems to show (after a press of Promote). */
  problems: FormProblem[];
  refs: CampaignRefs;
  today: string;
  onMakeTag: () => void;
}

/**
 * QUICK_PROMOTE_PAGE's form (section 3): name, destination, daily budget (the country's default
 * and alternate offered), how long it runs (days, a last day, or ongoing), who sees it, and the
 * goal: CONSIDERATION, or WEB_CONVERSION with a conversion tag and event.
 */
export function CampaignFields({ advertiserId, form, onChange, defaults, problems, refs, today, onMakeTag }: CampaignFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const message = (field: FormField) => {
    const found = problems.find((p) => p.field === field);
    return found ? t(`quickPromote.problems.${found.problem}`, found) : undefined;
  };
  const schedule = scheduleOf(form);
  const set = (change: Partial<QuickPromoteFormValues>) => onChange({ ...form, ...change });
  const tags = useConversionTags(advertiserId, form.ad_type === 'WEB_CONVERSION');
  const budgets = [...new Set([defaults.default_budget, defaults.alternate_budget])];

  return (
    <div className="qp-fields">
      <TextField ref={refs.name as RefObject<HTMLInputElement>} id={`${id}-name`} label={t('quickPromote.campaign.name')} value={form.name} maxLength={200} onChange={(e) => set({ name: e.target.value })} error={message('name')} />
      <TextField
        ref={refs.destination_url as RefObject<HTMLInputElement>}
        id={`${id}-url`}
        type="url"
        label={t('quickPromote.campaign.destination')}
        value={form.destination_url}
        placeholder="https://"
        describedBy={`${id}-url-hint`}
        onChange={(e) => set({ destination_url: e.target.value })}
        error={message('destination_url')}
        after={
          <p className="qp-hint" id={`${id}-url-hint`}>
            {t('quickPromote.campaign.destinationHint')}
          </p>
        }
      />
      <TextField
        ref={refs.budget as RefObject<HTMLInputElement>}
        id={`${id}-budget`}
        type="number"
        inputMode="decimal"
        min={defaults.min_budget}
        step="any"
        label={t('quickPromote.campaign.budget', { currency: defaults.currency })}
        value={Number.isFinite(form.budget) ? String(form.budget) : ''}
        describedBy={`${id}-budget-hint`}
        onChange={(e) => set({ budget: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
        error={message('budget')}
        after={
          <div className="qp-budget" id={`${id}-budget-hint`}>
            <span className="qp-hint">{t('quickPromote.campaign.budgetHint', { min: defaults.min_budget, currency: defaults.currency })}</span>
            <span className="qp-budget__choices" role="group" aria-label={t('quickPromote.campaign.suggested')}>
              {budgets.map((amount) => (
                <button key={amount} type="button" className="chip" aria-pressed={form.budget === amount} onClick={() => set({ budget: amount })}>
                  {t('quickPromote.campaign.useDefault', { amount, currency: defaults.currency })}
                </button>
              ))}
            </span>
          </div>
        }
      />
      <RadioGroup<Schedule>
        id={`${id}-schedule`}
        legend={t('quickPromote.campaign.schedule')}
        value={schedule}
        onChange={(next) => onChange(withSchedule(form, next, today))}
        choices={[
          { value: 'duration', label: t('quickPromote.campaign.forDays') },
          { value: 'end_date', label: t('quickPromote.campaign.untilDate') },
          { value: 'ongoing', label: t('quickPromote.campaign.ongoing') },
        ]}
      />
      {schedule === 'duration' ? (
        <TextField
          ref={refs.duration as RefObject<HTMLInputElement>}
          id={`${id}-duration`}
          type="number"
          inputMode="numeric"
          min={1}
          max={CAMPAIGN_MAX_DAYS}
          label={t('quickPromote.campaign.duration')}
          value={Number.isFinite(form.duration) ? String(form.duration) : ''}
          onChange={(e) => set({ duration: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          error={message('duration')}
        />
      ) : null}
      {schedule === 'end_date' ? (
        <TextField
          ref={refs.inclusive_end_date as RefObject<HTMLInputElement>}
          id={`${id}-end`}
          type="date"
          min={today}
          max={addDaysTo(today, CAMPAIGN_MAX_DAYS)}
          label={t('quickPromote.campaign.endDate')}
          value={form.inclusive_end_date}
          onChange={(e) => set({ inclusive_end_date: e.target.value })}
          error={message('inclusive_end_date')}
        />
      ) : null}

      <h3 className="qp-section-title">{t('quickPromote.campaign.audience')}</h3>
      <CheckboxGroup
        ref={refs.countries as RefObject<HTMLFieldSetElement>}
        id={`${id}-countries`}
        legend={t('quickPromote.campaign.countries')}
        choices={COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
        selected={form.countries}
        onChange={(countries) => set({ countries })}
        error={message('countries')}
      />
      <CheckboxGroup id={`${id}-ages`} legend={t('quickPromote.campaign.ages')} hint={t('quickPromote.campaign.agesHint')} choices={AGE_BUCKETS.map((a) => ({ value: a, label: a }))} selected={form.ages} onChange={(ages) => set({ ages })} />
      <CheckboxGroup id={`${id}-genders`} legend={t('quickPromote.campaign.genders')} choices={GENDERS.map((g) => ({ value: g, label: t(`quickPromote.campaign.gender.${g}`) }))} selected={form.genders} onChange={(genders) => set({ genders })} />
      <CheckboxGroup
        id={`${id}-interests`}
        legend={t('quickPromote.campaign.interests')}
        hint={t('quickPromote.campaign.interestsHint')}
        choices={INTERESTS.map((i) => ({ value: i, label: i.charAt(0).toUpperCase() + i.slice(1) }))}
        selected={form.interests}
        onChange={(interests) => set({ interests })}
      />
      <label className="qp-choice">
        <input type="checkbox" checked={form.isAutoTargeting} onChange={(e) => set({ isAutoTargeting: e.target.checked })} />
        <span>{t('quickPromote.campaign.autoTargeting')}</span>
      </label>

      <RadioGroup
        id={`${id}-objective`}
        legend={t('quickPromote.campaign.objective')}
        value={form.ad_type === 'WEB_CONVERSION' ? 'WEB_CONVERSION' : 'CONSIDERATION'}
        onChange={(ad_type) => set({ ad_type, selected_ocpm_tag: ad_type === 'WEB_CONVERSION' ? form.selected_ocpm_tag : null })}
        choices={[
          { value: 'CONSIDERATION', label: t('quickPromote.campaign.CONSIDERATION') },
          { value: 'WEB_CONVERSION', label: t('quickPromote.campaign.WEB_CONVERSION') },
        ]}
      />
      {form.ad_type === 'WEB_CONVERSION' ? (
        <div className="qp-conversion">
          {tags.isPending ? <p className="qp-hint">{t('quickPromote.loading')}</p> : null}
          {tags.isError ? (
            <p role="alert">
              {t('quickPromote.campaign.tagsFailed')}{' '}
              <button type="button" className="text-link" onClick={() => void tags.refetch()}>
                {t('common.tryAgain')}
              </button>
            </p>
          ) : null}
          {tags.isSuccess && tags.data.length === 0 ? <p className="qp-hint">{t('quickPromote.campaign.noTags')}</p> : null}
          {tags.isSuccess && tags.data.length > 0 ? (
            <SelectField
              ref={refs.selected_ocpm_tag as RefObject<HTMLSelectElement>}
              id={`${id}-tag`}
              label={t('quickPromote.campaign.tag')}
              value={form.selected_ocpm_tag?.conversionTagId ?? ''}
              options={[{ value: '', label: t('quickPromote.campaign.chooseTag') }, ...tags.data.map((tag) => ({ value: tag.id, label: tag.name }))]}
              onChange={(e) => set({ selected_ocpm_tag: e.target.value ? { conversionTagId: e.target.value, conversionEvent: form.selected_ocpm_tag?.conversionEvent ?? 'PAGE_VISIT' } : null })}
              error={message('selected_ocpm_tag')}
            />
          ) : message('selected_ocpm_tag') ? (
            <p className="field__error" ref={refs.selected_ocpm_tag as RefObject<HTMLParagraphElement>} tabIndex={-1}>
              {message('selected_ocpm_tag')}
            </p>
          ) : null}
          {form.selected_ocpm_tag ? (
            <SelectField
              id={`${id}-event`}
              label={t('quickPromote.campaign.event')}
              value={form.selected_ocpm_tag.conversionEvent}
              options={CONVERSION_EVENTS.map((event) => ({ value: event, label: t(`quickPromote.events.${event}`) }))}
              onChange={(e) => set({ selected_ocpm_tag: form.selected_ocpm_tag ? { ...form.selected_ocpm_tag, conversionEvent: e.target.value as ConversionEvent } : null })}
            />
          ) : null}
          <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={onMakeTag}>
            {t('quickPromote.campaign.makeTag')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
