import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Board } from '@pinhive/contracts';
import { LockIcon } from '../saving/icons';
import { boardHref } from './rules';

/** What a board card shows: a board's own answer has it, and so has a search result (without sections). */
export type CardBoard = Pick<Board, 'url' | 'name' | 'privacy' | 'pin_count' | 'image_cover_url' | 'cover_color'> & { section_count?: number };

/**
 * A board in a grid (section 2): cover, name, pin count and the secret icon; links to the board
 * (lowercased for visitors). `owner`: whose it is, in the meta line (search results are anyone's).
 */
export function BoardCard({ board, anonymous, owner }: { board: CardBoard; anonymous: boolean; owner?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={boardHref(board.url, anonymous)} className="board-card">
      <span className="board-card__cover" style={{ backgroundColor: board.cover_color ?? undefined }}>
        {board.image_cover_url ? <img src={board.image_cover_url} alt="" loading="lazy" /> : <span className="board-card__empty">{t('boards.noCover')}</span>}
      </span>
      <span className="board-card__name">
        <span>{board.name}</span>
        {board.privacy !== 'public' ? <LockIcon label={board.privacy === 'protected' ? t('boards.protectedIcon') : t('boards.secret')} /> : null}
      </span>
      <span className="board-card__meta">
        {t('boards.pinCount', { count: board.pin_count })}
        {board.section_count ? ` · ${t('boards.sectionCount', { count: board.section_count })}` : ''}
        {owner ? ` · ${owner}` : ''}
      </span>
    </Link>
  );
}
