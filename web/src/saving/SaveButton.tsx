import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVE_TOAST_MS, type Pin } from '@pinhive/contracts';
import { useAuthModal } from '../auth/authModalContext';
import { useViewer } from '../auth/viewer';
import { useToast } from '../toast/toastContext';
import { RepinModal } from './RepinModal';
import { SaveConfirmation } from './SaveConfirmation';
import { pinHref } from './success';
import type { SaveResult } from './useSave';

/**
 * Save on a pin. A visitor gets the login-required prompt (save context, with the pin's image);
 * once logged in, the picker opens by itself so the save goes on. A save shows the confirmation
 * animation and the 4 s toast that links to the saved pin, and the button says Saved from then
 * on, with the board beside it (pressing it again saves to another board).
 */
export function SaveButton({ pin, className = 'button button--primary button--large' }: { pin: Pin; className?: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const auth = useAuthModal();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  /** A press that waits: for the viewer to be known (a press while it loads), or for a log-in. */
  const [pending, setPending] = useState<null | 'viewer' | 'login'>(null);
  const [saved, setSaved] = useState<SaveResult | null>(null);
  /** The last save from this button: it stays after the confirmation is gone. */
  const [last, setLast] = useState<SaveResult | null>(null);
  const describedBy = useId();

  const requireLogin = () => {
    setPending('login');
    auth.requireLogin({ action: 'save', visual: { kind: 'image', src: pin.images['236x'].url, alt: '', dominantColor: pin.dominant_color } });
  };

  // A press made while the viewer was still loading goes on once it is known; back from the
  // log-in prompt, the save that needed it carries on.
  useEffect(() => {
    if (pending && viewer.status === 'authenticated') {
      setPending(null);
      setOpen(true);
    } else if (pending === 'viewer' && viewer.status === 'anonymous') {
      requireLogin();
    }
  }, [pending, viewer.status]);

  const onClick = () => {
    if (viewer.status === 'authenticated') setOpen(true);
    else if (viewer.status === 'anonymous') requireLogin();
    else setPending('viewer');
  };

  const onSaved = (result: SaveResult) => {
    setOpen(false);
    setSaved(result);
    setLast(result);
    const message = result.section
      ? t('saving.savedToSection', { sectionName: result.section.title, boardName: result.board.name })
      : t('saving.savedTo', { boardName: result.board.name });
    toast.show({ message, durationMs: SAVE_TOAST_MS, link: pinHref(result.pin.id) });
  };

  return (
    <>
      <span className="save-button">
        {last ? (
          <span className="save-button__board" id={describedBy}>
            {last.section
              ? t('saving.savedToSection', { sectionName: last.section.title, boardName: last.board.name })
              : t('saving.savedTo', { boardName: last.board.name })}
          </span>
        ) : null}
        <button
          type="button"
          className={last ? `${className} button--saved` : className}
          aria-haspopup="dialog"
          aria-describedby={last ? describedBy : undefined}
          onClick={onClick}
        >
          {last ? t('pins.saved') : t('pins.save')}
        </button>
      </span>
      {open ? <RepinModal target={{ kind: 'repin', pin }} onSaved={onSaved} onClose={() => setOpen(false)} /> : null}
      {saved ? <SaveConfirmation result={saved} onDone={() => setSaved(null)} /> : null}
    </>
  );
}
