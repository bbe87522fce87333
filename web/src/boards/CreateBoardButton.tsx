import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { CreateBoardForm } from './CreateBoardForm';

/**
 * 'Create board' on one's own profile: the create form (section 5) in a dialog, and the new
 * board's page once it exists. The way to start for someone who has saved nothing yet.
 */
export function CreateBoardButton() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('boards.create.button')}
      </button>
      {open ? (
        <Dialog labelledBy={`${id}-title`} onClose={() => setOpen(false)} className="dialog--create-board">
          <h2 id={`${id}-title`} className="dialog__title">
            {t('boards.create.title')}
          </h2>
          <CreateBoardForm
            source="profile"
            onCancel={() => setOpen(false)}
            onCreated={(board) => {
              setOpen(false);
              void navigate(board.url);
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}
