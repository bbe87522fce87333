import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVE_ANIMATION_MS } from '@pinhive/contracts';
import type { SaveResult } from './useSave';

/**
 * The save confirmation animation (section 2): 'You saved this Pin to {board}!' or, for a first
 * save, 'You saved your first Pin to {board}!'; it goes away after 2.6 s.
 */
export function SaveConfirmation({ result, onDone }: { result: SaveResult; onDone: () => void }) {
  const { t } = useTranslation();
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    const timer = window.setTimeout(() => done.current(), SAVE_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  const values = { selectedBoardName: result.board.name };
  return (
    <div className="save-confirmation" role="status" aria-live="polite">
      <img className="save-confirmation__image" src={result.pin.images['236x'].url} alt="" style={{ backgroundColor: result.pin.dominant_color }} />
      <p className="save-confirmation__text">{result.pin.first_save ? t('saving.youSavedFirst', values) : t('saving.youSaved', values)}</p>
    </div>
  );
}
