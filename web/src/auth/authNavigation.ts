/**
 * Whether a log-in or sign-up form is taking the viewer somewhere now (useAuthSuccess). React
 * Router renders a navigation as a transition, while the refreshed viewer renders at once: for a
 * moment /signup and /login, still on screen, see a signed-in viewer. They must not send them to
 * the root then (AuthPage), or the root wins over the profile the sign-up was going to.
 */
let inFlight = 0;

export const authNavigationInFlight = (): boolean => inFlight > 0;

export async function duringAuthNavigation(go: () => Promise<void>): Promise<void> {
  inFlight += 1;
  try {
    await go();
  } finally {
    inFlight -= 1;
  }
}
