import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchDevOutbox } from '../api/auth';
import { isNotFound } from '../api/client';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { OutboxMessage } from '../outbox/OutboxMessage';

/**
 * `/dev/outbox`: the emails and text messages the product would have sent (development and tests
 * only; the API answers 404 in production and so does this page, in words).
 */
export function DevOutboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.outbox'));
  const query = useQuery({
    queryKey: ['dev-outbox'],
    queryFn: ({ signal }) => fetchDevOutbox(signal),
    staleTime: 0,
    retry: false,
  });

  if (isNotFound(query.error)) {
    return (
      <div className="page">
        <StatusView title={t('outbox.title')} body={t('outbox.unavailable')} />
      </div>
    );
  }

  return (
    <div className="page page--outbox">
      <header className="outbox__header">
        <div>
          <h1 className="outbox__title">{t('outbox.title')}</h1>
          <p className="outbox__note">{t('outbox.note')}</p>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => query.isFetching || void query.refetch()}
          {...busyProps(query.isFetching)}
        >
          {query.isFetching ? <Spinner /> : null}
          <span>{t('outbox.refresh')}</span>
        </button>
      </header>
      {query.isPending ? (
        <p className="outbox__status" role="status">
          {t('outbox.loading')}
        </p>
      ) : null}
      {query.isError ? (
        <div className="form-alert" role="alert">
          {t('errors.generic')}
        </div>
      ) : null}
      {query.data?.length === 0 ? <p className="outbox__status">{t('outbox.empty')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ol className="outbox__list">
          {query.data.map((message) => (
            <li key={message.id}>
              <OutboxMessage message={message} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
