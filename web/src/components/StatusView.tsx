import type { ReactNode } from 'react';

interface StatusViewProps {
  title: string;
  body?: string;
  /** A link or button that gets the person moving again. */
  action?: ReactNode;
  /** Shown above the title (an illustration or a spinner). */
  visual?: ReactNode;
  role?: 'alert' | 'status';
  /** 2 inside a page that has its own title (its `h1`): a page has one `h1`. */
  level?: 1 | 2;
}

/** A centred message for empty, missing, waiting and failed states. */
export function StatusView({ title, body, action, visual, role, level = 1 }: StatusViewProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="status-view" role={role}>
      {visual ? <div className="status-view__visual">{visual}</div> : null}
      <Heading className="status-view__title">{title}</Heading>
      {body ? <p className="status-view__body">{body}</p> : null}
      {action ? <div className="status-view__action">{action}</div> : null}
    </section>
  );
}
