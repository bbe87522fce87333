import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usernameSchema } from '@pinhive/contracts';
import { isNotFound } from '../api/client';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { StatusView } from '../components/StatusView';
import { ProfileFollow } from '../follows/ProfileFollow';
import { ProfileHeader, ProfileHeaderSkeleton } from '../profile/ProfileHeader';
import { useProfile } from '../profile/useProfile';
import { NotFoundPage } from './NotFoundPage';

/** The boards grid loads with its own code (the board feature), after the header. */
const ProfileBoards = lazy(() => import('../boards/ProfileBoards').then((m) => ({ default: m.ProfileBoards })));

/** Router state the sign-up form leaves behind when it sends the new member here. */
export type ProfileLocationState = { justRegistered?: boolean } | null;

/** `/:username`: a member's public profile. */
export function ProfilePage() {
  const { username = '' } = useParams();
  // Not a possible username (e.g. `/favicon.ico`, `/About`): no need to ask the server.
  if (!usernameSchema.safeParse(username).success) return <NotFoundPage />;
  return <Profile username={username} />;
}

function Profile({ username }: { username: string }) {
  const { t } = useTranslation();
  const state = useLocation().state as ProfileLocationState;
  const justRegistered = state?.justRegistered === true;
  const { query, retry } = useProfile(username, justRegistered);
  const profile = query.data;
  useDocumentTitle(t('titles.profile', { name: profile?.full_name.trim() || t('profile.handle', { username }) }));

  if (profile) {
    return (
      <div className="page page--profile">
        <ProfileHeader profile={profile} />
        <div className="profile-actions">
          <ProfileFollow profile={profile} />
        </div>
        <Suspense fallback={<Spinner size="large" label={t('boards.profileLoading')} />}>
          <ProfileBoards username={profile.username} />
        </Suspense>
      </div>
    );
  }

  if (query.isPending && justRegistered) {
    return (
      <div className="page page--profile">
        <StatusView
          role="status"
          visual={<Spinner size="large" />}
          title={t('profile.settingUp')}
          body={t('profile.settingUpHint')}
        />
      </div>
    );
  }

  if (query.isPending) {
    return (
      <div className="page page--profile">
        <ProfileHeaderSkeleton label={t('profile.loading')} />
      </div>
    );
  }

  // A 404 for someone who just signed up means the profile is late, not missing: offer a retry.
  if (isNotFound(query.error) && !justRegistered) return <NotFoundPage />;

  return (
    <div className="page page--profile">
      <StatusView
        role="alert"
        title={t('errors.generic')}
        action={
          <button type="button" className="button button--secondary" onClick={() => query.isFetching || retry()} {...busyProps(query.isFetching)}>
            {query.isFetching ? <Spinner /> : null}
            <span>{t('common.tryAgain')}</span>
          </button>
        }
      />
    </div>
  );
}
