import { useEffect, useRef } from 'react';
import type { FormMessage } from '../auth/formMessage';
import type { EnrolmentFailure } from './enrolment';

/** Focus the element after the render that marked it invalid, so it is announced with its message. */
export function useFocusAfterRender() {
  const target = useRef<HTMLInputElement | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    target.current?.focus();
  });
  return {
    ref: target,
    later: () => {
      pending.current = true;
    },
  };
}

export interface FailureSink {
  setError: (message: FormMessage) => void;
  setAlert: (message: FormMessage) => void;
  focus: () => void;
  onLoggedOut: () => void;
}

/** Shows an enrolment failure: at this form's field, above the form, or by logging out. */
export function showFailure(outcome: EnrolmentFailure, sink: FailureSink) {
  switch (outcome.type) {
    case 'field':
      sink.setError(outcome.message);
      sink.focus();
      break;
    case 'alert':
      sink.setAlert(outcome.message);
      break;
    case 'logged_out':
      sink.onLoggedOut();
      break;
  }
}
