import type { FormMessage } from '../auth/formMessage';
import type { EnrolmentFailure } from './enrolment';

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
