import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FeedPin } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { followBoard, unfollowBoard } from '../follows/api';
import { FollowButton } from '../follows/FollowButton';
import { PinGrid } from '../pins/PinGrid';
import { usePopularPins } from './queries';

/** Boards offered to follow above the popular pins: those of the first pins, once each. */
const BOARDS_OFFERED = 6;

interface PopularBoard {
  id: string;
  name: string;
  cover: { src: string; dominantColor: string };
}

/** The distinct boards of the pins, in the pins' order. */
function boardsOf(pins: readonly FeedPin[]): PopularBoard[] {
  const seen = new Map<string, PopularBoard>();
  for (const pin of pins) {
    if (!seen.has(pin.board.id)) seen.set(pin.board.id, { id: pin.board.id, name: pin.board.name, cover: { src: pin.images['236x'].url, dominantColor: pin.dominant_color } });
  }
  return [...seen.values()].slice(0, BOARDS_OFFERED);
}

/** One board to follow: its name and Follow, followed at once (the server answers with the state). */
function BoardToFollow({ board, onFollowed }: { board: PopularBoard; onFollowed: () => void }) {
  const [followed, setFollowed] = useState(false);
  const mutation = useMutation({
    mutationFn: (next: boolean) => (next ? followBoard(board.id) : unfollowBoard(board.id)),
    onMutate: (next) => setFollowed(next),
    onError: (_error, next) => setFollowed(!next),
    onSuccess: (_state, next) => {
      if (next) onFollowed();
    },
  });
  return (
    <li className="popular__board">
      <img className="popular__board-cover" src={board.cover.src} alt="" style={{ backgroundColor: board.cover.dominantColor }} />
      <span className="popular__board-name">{board.name}</span>
      <FollowButton
        followed={followed}
        pending={mutation.isPending}
        onToggle={(next) => mutation.mutate(next)}
        onLoginNeeded={() => undefined}
        visual={{ kind: 'image', src: board.cover.src, alt: '', dominantColor: board.cover.dominantColor }}
      />
    </li>
  );
}

/**
 * An empty home's way in: popular pins of public boards, with their boards to follow. A board
 * followed here brings its newest pins into the home feed a moment later (`onFollowed`).
 */
export function PopularPins({ onFollowed }: { onFollowed: () => void }) {
  const { t } = useTranslation();
  const popular = usePopularPins();
  const pins = popular.data ?? [];
  if (popular.isPending) return <StatusView role="status" visual={<Spinner />} title={t('feed.popularLoading')} />;
  if (popular.isError || pins.length === 0) return null;
  return (
    <section className="popular" aria-labelledby="popular-title">
      <h2 className="popular__title" id="popular-title">
        {t('feed.popularTitle')}
      </h2>
      <h3 className="popular__subtitle" id="popular-boards-title">
        {t('feed.popularBoards')}
      </h3>
      <ul className="popular__boards" aria-labelledby="popular-boards-title">
        {boardsOf(pins).map((board) => (
          <BoardToFollow key={board.id} board={board} onFollowed={onFollowed} />
        ))}
      </ul>
      <PinGrid pins={pins} label={t('feed.popularLabel')} hasNextPage={false} isFetchingNextPage={false} fetchNextPage={() => undefined} />
    </section>
  );
}
