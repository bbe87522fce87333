import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevMessage } from '@pinhive/contracts';
import { linkify } from './linkify';

const TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

/** One email or text message of the development outbox, its links clickable. */
export function OutboxMessage({ message }: { message: DevMessage }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article className="outbox-message" aria-labelledby={titleId}>
      <header className="outbox-message__header">
        <span className={`outbox-message__channel outbox-message__channel--${message.channel}`}>
          {t(`outbox.channel.${message.channel}`)}
        </span>
        <h2 className="outbox-message__subject" id={titleId}>
          {message.subject ?? t('outbox.noSubject')}
        </h2>
        <p className="outbox-message__meta">
          <span>{t('outbox.to', { to: message.to })}</span>
          <time dateTime={message.sent_at}>{TIME.format(new Date(message.sent_at))}</time>
        </p>
      </header>
      <p className="outbox-message__text">
        {linkify(message.text).map((part, index) =>
          part.type === 'link' ? (
            <a key={index} className="text-link" href={part.href}>
              {part.text}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </article>
  );
}
