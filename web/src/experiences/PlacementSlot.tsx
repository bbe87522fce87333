import { useTranslation } from 'react-i18next';
import { ExperienceCard } from './ExperienceCard';
import { useExperienceChange, usePlacement } from './queries';

/**
 * The experiences of one placement for a signed-in person (the home page's onboarding steps):
 * nothing while loading or when the read fails, since a prompt must never stand in the way.
 */
export function PlacementSlot({ viewerId, placementId }: { viewerId: string; placementId: string }) {
  const { t } = useTranslation();
  const placement = usePlacement(viewerId, placementId);
  const change = useExperienceChange(viewerId, placementId);
  const experiences = placement.data ?? [];
  if (experiences.length === 0) return null;
  return (
    <section className="experience-slot" aria-label={t(`experiences.placements.${placementId}`, { defaultValue: t('experiences.placements.default') })}>
      {experiences.map((experience) => (
        <ExperienceCard
          key={experience.placed_experience_id}
          experience={experience}
          onChange={(kind) => change.mutate({ placedId: experience.placed_experience_id, change: kind })}
        />
      ))}
    </section>
  );
}
