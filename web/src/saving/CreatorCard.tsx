import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { creatorCardName } from '@pinhive/contracts';
import { Avatar } from '../components/Avatar';
import { creatorCardKey, fetchCreatorCard } from '../settings/siteClaims';

/**
 * The success dialog's creator card ("Creator card (attribution)"): the verified owner of the
 * saved pin's site, when the viewer neither is them nor follows them (the server decides: no card
 * is `null`). Avatar, name cut at 70, follower count, linking to `/{username}/`. No sponsor line
 * here: a site's owner is never a sponsor (docs/decisions/site-claims.md); the sponsor line,
 * 'Promoted by {sponsorName}', is on promoted pins' cards (promoted/PromotedPinCard.tsx). Nothing shows while it loads or if the lookup fails: the card is
 * an extra, never in the way of the dialog.
 */
export function CreatorCard({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const card = useQuery({ queryKey: creatorCardKey(pinId), queryFn: ({ signal }) => fetchCreatorCard(pinId, signal), retry: false, staleTime: 0 });
  const creator = card.data;
  if (!creator) return null;
  const name = creator.full_name.trim() || creator.username;
  return (
    <section className="creator-card" aria-label={t('saving.creator.label')}>
      <Link to={creator.profile_url} className="creator-card__link">
        <Avatar name={name} imageUrl={creator.image_url} size="medium" />
        <span className="creator-card__text">
          <span className="creator-card__name">{creatorCardName(name)}</span>
          <span className="creator-card__followers">{t('follow.followers', { count: creator.follower_count })}</span>
        </span>
      </Link>
    </section>
  );
}
