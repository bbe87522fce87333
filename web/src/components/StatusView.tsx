import type { ReactNode } from 'react';

interface StatusViewProps {
  title: string;
  body?: string;
  /** A link or button that gets the person moving again. */
  action?: ReactNode;
  /** Shown above the title (an illustration or a spinner). */
  visual?: ReactNode;
  role?: 'alert' | 'status';
}

/** A centred message for empty, missing, waiting and failed states. */
export function StatusView({ title, body, action, visual, role }: StatusViewProps) {
  return (
    <section className="status-view" role={role}>
      {visual ? <div className="status-view__visual">{visual}</div> : null}
      <h1 className="status-view__title">{title}</h1>
      {body ? <p className="status-view__body">{body}</p> : null}
      {action ? <div className="status-view__action">{action}</div> : null}
    </section>
  );
}
