import type { ReactNode } from 'react';

/** A search page's empty, refused or failed state, under the page's heading (so an h2). */
export function SearchState({ title, body, action, role }: { title: string; body?: string; action?: ReactNode; role?: 'alert' }) {
  return (
    <section className="search-state" role={role}>
      <h2 className="search-state__title">{title}</h2>
      {body ? <p className="search-state__body">{body}</p> : null}
      {action ? <div className="search-state__action">{action}</div> : null}
    </section>
  );
}
