import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserExperience } from '@pinhive/contracts';
import { useSeenOnce } from './useSeenOnce';

interface Props {
  experience: UserExperience;
  onChange: (change: 'viewed' | 'completed' | 'dismissed') => void;
}

/**
 * One experience as a card: its title, text and button from the operator's display data, and a
 * Dismiss button. Reported viewed once, when half of it has been in view.
 */
export function ExperienceCard({ experience, onChange }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const { display_data: shown, metadata } = experience;
  useSeenOnce(ref, () => onChange('viewed'), experience.status === null || experience.status === 'triggered');
  const step = typeof metadata['step'] === 'number' && typeof metadata['steps'] === 'number' ? t('experiences.step', { step: metadata['step'], steps: metadata['steps'] }) : null;
  const titleId = `experience-${experience.placed_experience_id.replace(':', '-')}`;
  return (
    <article ref={ref} className="experience-card" aria-labelledby={titleId} data-placed-experience={experience.placed_experience_id}>
      {step ? <p className="experience-card__step">{step}</p> : null}
      <h3 className="experience-card__title" id={titleId}>
        {shown.title}
      </h3>
      {shown.body ? <p className="experience-card__body">{shown.body}</p> : null}
      <div className="experience-card__actions">
        {shown.button_text && shown.button_link ? (
          <Link to={shown.button_link} className="button button--primary">
            {shown.button_text}
          </Link>
        ) : null}
        <button type="button" className="button button--secondary" aria-label={t('experiences.dismissNamed', { title: shown.title })} onClick={() => onChange('dismissed')}>
          {t('experiences.dismiss')}
        </button>
      </div>
    </article>
  );
}
