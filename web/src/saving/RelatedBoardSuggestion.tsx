import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { profilePath } from '../auth/targets';
import { BoardCard } from '../boards/BoardCard';
import { Spinner } from '../components/Spinner';
import type { RelatedBoard } from './success';

/**
 * The success dialog's suggested related board (section 2): busy while the lookup runs, nothing
 * when it found none, else the board's card (cover, name, count) and its owner. One live area
 * throughout, so that a screen reader hears the suggestion when it arrives.
 */
export function RelatedBoardSuggestion({ related }: { related: RelatedBoard }) {
  const { t } = useTranslation();
  const id = useId();
  const loading = related.state === 'loading';
  return (
    <div className="success-dialog__related" aria-live="polite" aria-busy={loading || undefined}>
      {loading ? <Spinner label={t('saving.related.loading')} /> : null}
      {related.state === 'board' ? (
        <section aria-labelledby={`${id}-title`}>
          <h3 className="success-dialog__related-title" id={`${id}-title`}>
            {t('saving.related.title')}
          </h3>
          <BoardCard board={related.board} anonymous={false} />
          <p className="success-dialog__related-owner">
            <Trans
              i18nKey="boards.by"
              values={{ name: related.board.owner.full_name?.trim() || related.board.owner.username }}
              components={{ ownerLink: <Link to={profilePath(related.board.owner.username)} className="text-link" /> }}
            />
          </p>
        </section>
      ) : null}
    </div>
  );
}
