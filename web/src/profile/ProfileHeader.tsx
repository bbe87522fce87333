import type { PublicProfile } from '@pinhive/contracts';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/Avatar';

/** Picture, name and handle at the top of a profile. */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const name = profile.full_name.trim() || profile.username;
  return (
    <header className="profile-header">
      <Avatar name={name} imageUrl={profile.image_large_url} />
      <h1 className="profile-header__name">{name}</h1>
      <p className="profile-header__handle">{t('profile.handle', { username: profile.username })}</p>
    </header>
  );
}

/** The shape of the header while the profile loads. */
export function ProfileHeaderSkeleton({ label }: { label: string }) {
  return (
    <div className="profile-header" role="status" aria-label={label}>
      <span className="skeleton skeleton--avatar" />
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
    </div>
  );
}
