import type { Ref } from 'react';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';

interface ModalFooterProps {
  /** The server's refusal of the last try, shown above the buttons. */
  failure: string | null;
  cancel: { label: string; onClick: () => void };
  /** The main button: submits its form, unless it has an `onClick` of its own. */
  confirm: { label: string; pending: boolean; onClick?: () => void; ref?: Ref<HTMLButtonElement> };
}

/** The foot of every quick-promote dialog: the failure, then Cancel (or its like) and the busy-aware main button. */
export function ModalFooter({ failure, cancel, confirm }: ModalFooterProps) {
  const { onClick } = confirm;
  return (
    <>
      {failure ? (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="qp-modal__actions">
        <button type="button" className="button button--secondary" onClick={cancel.onClick}>
          {cancel.label}
        </button>
        <button
          type={onClick ? 'button' : 'submit'}
          ref={confirm.ref}
          className="button button--primary"
          onClick={onClick ? () => (confirm.pending ? undefined : onClick()) : undefined}
          {...busyProps(confirm.pending)}
        >
          {confirm.pending ? <Spinner /> : null}
          <span>{confirm.label}</span>
        </button>
      </div>
    </>
  );
}
