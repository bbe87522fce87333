import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PromotedPin, SearchBoard, SearchPin, SearchResult, SearchUser } from '@pinhive/contracts';
import { BoardCard } from '../boards/BoardCard';
import { Avatar } from '../components/Avatar';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';
import { PinGrid } from '../pins/PinGrid';
import { useFetchMoreNearEnd, type MorePages } from '../pins/useFetchMoreNearEnd';
import { ImpressionsProvider } from '../promoted/ImpressionsProvider';
import { gridItemKey, placeAdsOnPages } from '../promoted/placement';
import { PinOrPromotedCard } from '../promoted/PromotedPinCard';

interface ResultsProps {
  /** The pages read so far, each with the promoted pins that came in time for it. */
  pages: readonly { items: SearchResult[]; promoted: PromotedPin[] }[];
  /** The list's accessible name. */
  label: string;
  more: MorePages;
  anonymous: boolean;
}

const pinsOf = (results: SearchResult[]) => results.filter((result): result is SearchPin => result.type === 'pin');
const boardsOf = (results: SearchResult[]) => results.filter((result): result is SearchBoard => result.type === 'board');
const peopleOf = (results: SearchResult[]) => results.filter((result): result is SearchUser => result.type === 'user');

/**
 * The results of one search, as their kind shows: pins in the masonry grid, boards as board cards,
 * people as rows. More are read as the end comes near; "Show more results" does the same for
 * someone on a keyboard (or when the screen is not filled). Promoted pins sit among the pins of
 * the pages they came with (at most one in ten), their impressions counted.
 */
export function SearchResults({ pages, label, more, anonymous }: ResultsProps) {
  const results = pages.flatMap((page) => page.items);
  const pins = placeAdsOnPages(pages.map((page) => ({ items: pinsOf(page.items), promoted: page.promoted })));
  const boards = boardsOf(results);
  const people = peopleOf(results);
  return (
    <>
      {pins.length > 0 ? (
        <ImpressionsProvider>
          <PinGrid
            pins={pins}
            label={label}
            hasNextPage={more.hasNextPage}
            isFetchingNextPage={more.isFetchingNextPage}
            fetchNextPage={more.fetchNextPage}
            card={PinOrPromotedCard}
            itemKey={gridItemKey}
          />
        </ImpressionsProvider>
      ) : null}
      {boards.length > 0 || people.length > 0 ? <ListResults boards={boards} people={people} label={label} more={more} anonymous={anonymous} /> : null}
      <MoreButton more={more} />
    </>
  );
}

function ListResults({ boards, people, label, more, anonymous }: { boards: SearchBoard[]; people: SearchUser[]; label: string; more: MorePages; anonymous: boolean }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  useFetchMoreNearEnd(end, more, boards.length + people.length);
  return (
    <section className="search-results" aria-label={label}>
      {boards.length > 0 ? (
        <ul className="board-grid">
          {boards.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} anonymous={anonymous} owner={t('search.boardOwner', { name: board.owner.full_name.trim() || board.owner.username })} />
            </li>
          ))}
        </ul>
      ) : null}
      {people.length > 0 ? (
        <ul className="people-list">
          {people.map((person) => (
            <li key={person.id}>
              <PersonRow person={person} />
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={end} className="search-results__end" aria-live="polite">
        {more.isFetchingNextPage ? <Spinner size="large" label={t('search.loadingMore')} /> : null}
      </div>
    </section>
  );
}

function PersonRow({ person }: { person: SearchUser }) {
  const { t } = useTranslation();
  const name = person.full_name.trim() || person.username;
  return (
    <Link to={`/${encodeURIComponent(person.username)}/`} className="person-row">
      <Avatar name={name} imageUrl={person.image_medium_url} size="medium" />
      <span className="person-row__text">
        <span className="person-row__name">{name}</span>
        <span className="person-row__handle">{t('profile.handle', { username: person.username })}</span>
      </span>
    </Link>
  );
}

function MoreButton({ more }: { more: MorePages }) {
  const { t } = useTranslation();
  if (!more.hasNextPage) return null;
  // Busy while the page loads, not removed: the keyboard focus stays on it (components/busy.ts).
  return (
    <div className="search-more">
      <button
        type="button"
        className="button button--secondary"
        {...busyProps(more.isFetchingNextPage)}
        onClick={() => {
          if (!more.isFetchingNextPage) void more.fetchNextPage();
        }}
      >
        {t('search.more')}
      </button>
    </div>
  );
}
