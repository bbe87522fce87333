import { useId, useRef, type ReactNode } from 'react';
import { busyProps } from './busy';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

interface ConfirmDialogProps {
  title: string;
  /** What confirming does, in a sentence; it describes the dialog. */
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirmed action is running: the button says so, and presses are ignored. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What went wrong, shown under the text in an alert (the caller keeps it). */
  alert?: ReactNode;
}

/**
 * "Leave this board?", "Remove this passkey?": a modal question before an action that cannot be
 * undone from where the person is. Cancel comes first and has the focus, so Enter on an opened
 * dialog keeps things as they are.
 */
export function ConfirmDialog({ title, body, cancelLabel, confirmLabel, pending, onConfirm, onClose, alert }: ConfirmDialogProps) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog labelledBy={titleId} describedBy={`${titleId}-body`} onClose={onClose} className="dialog--confirm" initialFocus={cancel}>
      <div className="confirm">
        <h2 className="confirm__title" id={titleId}>
          {title}
        </h2>
        <p id={`${titleId}-body`}>{body}</p>
        {alert ? (
          <div className="form-alert" role="alert">
            {alert}
          </div>
        ) : null}
        <div className="confirm__actions">
          <button type="button" className="button button--secondary" ref={cancel} onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              if (!pending) onConfirm();
            }}
            {...busyProps(pending)}
          >
            {pending ? <Spinner /> : null}
            <span>{confirmLabel}</span>
          </button>
        </div>
      </div>
    </Dialog>
  );
}
