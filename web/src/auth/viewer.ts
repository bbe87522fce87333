/**
 * Who is looking at the app. There are no sessions yet, so everyone is anonymous; the log-in
 * issue replaces this with the real viewer (e.g. from `GET /v3/users/me/`) and the top bar and
 * pages pick it up from here.
 */
export type Viewer = { status: 'anonymous' };

export function useViewer(): Viewer {
  return { status: 'anonymous' };
}
