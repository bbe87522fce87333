import type { RecognisedViewer } from '@pinhive/contracts';

/** What the log-in view shows: the plain form, the welcome-back form, or a short wait for the answer. */
export type LoginPresentation =
  | { type: 'pending' }
  | { type: 'plain' }
  | { type: 'personalized'; viewer: RecognisedViewer };

export interface LoginPresentationInput {
  /** `/add-account`: adding another account is never "welcome back". */
  accountSwitch: boolean;
  /** The viewer query's state (viewer.ts). */
  viewer: 'loading' | 'anonymous' | 'authenticated';
  /** The recognised-viewer query: still asking, failed, or answered (null: not recognised). */
  recognised: { status: 'pending' } | { status: 'error' } | { status: 'success'; data: RecognisedViewer | null };
}

/**
 * The spec's "personalized login" rule (signup-login.md sections 1, 2, 4): a recognised viewer
 * who is not logged in sees the welcome-back view instead of the log-in view. Not in account-switch
 * mode nor for a logged-in viewer. A failed answer shows the plain form: recognition is a
 * convenience and must never stand between someone and the log-in. An account without a password
 * (social-only) could not use the view's password field, so it gets the plain form too.
 */
export function loginPresentation({ accountSwitch, viewer, recognised }: LoginPresentationInput): LoginPresentation {
  if (accountSwitch || viewer === 'authenticated') return { type: 'plain' };
  switch (recognised.status) {
    case 'pending':
      return { type: 'pending' };
    case 'error':
      return { type: 'plain' };
    case 'success':
      return recognised.data?.hasPassword ? { type: 'personalized', viewer: recognised.data } : { type: 'plain' };
  }
}

/** The first name to greet with, or null when the account has none (the title then has no name). */
export function greetingName(viewer: RecognisedViewer): string | null {
  return viewer.firstName.trim() || null;
}
