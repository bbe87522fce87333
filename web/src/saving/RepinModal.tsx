import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { SaveFlow } from './SaveFlow';
import type { SaveResult, SaveTarget } from './useSave';

/**
 * The save modal: named 'Repin modal' for assistive technologies (section 2), its visible title
 * following the step ('Choose board', 'Choose section', 'Create board', 'Add section', 'Board
 * created'), which describes it.
 */
export function RepinModal({ target, onSaved, onClose }: { target: SaveTarget; onSaved: (result: SaveResult) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog labelledBy={`${id}-name`} describedBy={`${id}-title`} onClose={onClose} className="dialog--save">
      <span id={`${id}-name`} className="visually-hidden">
        {t('saving.modalName')}
      </span>
      <SaveFlow target={target} titleId={`${id}-title`} onSaved={onSaved} onClose={onClose} />
    </Dialog>
  );
}
