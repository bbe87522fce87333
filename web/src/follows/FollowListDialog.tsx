import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { profilePath } from '../auth/targets';
import { Avatar } from '../components/Avatar';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import type { FollowList } from './api';
import { useFollowList } from './queries';
import { useFetchMoreIn } from './useFetchMoreIn';

/**
 * A board's followers, a person's followers or whom they follow, in a modal dialog: a list of
 * links to their profiles, newest first, more loaded as its end scrolls into reach.
 */
export function FollowListDialog({ list, title, onClose }: { list: FollowList; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useFollowList(list);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLUListElement>(null);
  useFetchMoreIn(scroller, end, query, people.length);
  const empty = list.kind === 'userFollowing' ? t('follow.noFollowing') : t('follow.noFollowers');

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="dialog--follow-list">
      <h2 className="follow-list__title" id={titleId}>
        {title}
      </h2>
      <div className="follow-list__scroller" ref={scroller}>
        {query.isPending ? (
          <div className="follow-list__state">
            <Spinner size="large" label={t('follow.listLoading')} />
          </div>
        ) : null}
        {query.isError && people.length === 0 ? (
          <div className="follow-list__state" role="alert">
            <p>{t('follow.listFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : null}
        {query.isSuccess && people.length === 0 ? <p className="follow-list__state">{empty}</p> : null}
        <ul className="follow-list" ref={end} aria-labelledby={titleId}>
          {people.map((person) => (
            <li key={person.id}>
              <Link to={profilePath(person.username)} className="follow-list__person" onClick={onClose}>
                <Avatar name={person.full_name || person.username} imageUrl={person.image_medium_url} size="medium" />
                <span className="follow-list__names">
                  <span className="follow-list__name">{person.full_name || person.username}</span>
                  <span className="follow-list__handle">{t('profile.handle', { username: person.username })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="follow-list__status" aria-live="polite">
          {query.isFetchingNextPage ? (
            <>
              <Spinner />
              <span className="visually-hidden">{t('follow.listLoadingMore')}</span>
            </>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
