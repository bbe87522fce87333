import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLastPage } from '@pinhive/contracts';
import type { ConsolePageProps } from '../advertiser-console/consolePages';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { fetchSpendPage, monthSoFar, orderLinesOf, totalsByCurrency } from './orderLines';

/**
 * The console's order lines (`/advertiser/{id}/billing/order_lines/`): what each campaign spent
 * this month so far (UTC), from the ads service's counts, and the total per currency: what the
 * month's invoice will list.
 */
export function OrderLinesPage({ advertiser }: ConsolePageProps) {
  const { t, i18n } = useTranslation();
  const period = monthSoFar(new Date());
  const pages = useInfiniteQuery({
    queryKey: ['ads', 'order-lines', advertiser.id, period.start, period.end],
    queryFn: ({ pageParam, signal }) => fetchSpendPage(advertiser.id, period, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (isLastPage(last.bookmarks) ? undefined : last.bookmarks?.[0]),
  });
  const heading = <h2 className="console__heading">{t('adsBilling.orderLines')}</h2>;
  if (pages.isPending) return <>{heading}<StatusView role="status" visual={<Spinner />} title={t('adsBilling.loading')} /></>;
  if (pages.isError) {
    return (
      <>
        {heading}
        <StatusView role="alert" title={t('adsBilling.loadFailed')}
          action={<button type="button" className="button button--secondary" onClick={() => void pages.refetch()}>{t('common.tryAgain')}</button>} />
      </>
    );
  }
  const lines = orderLinesOf(pages.data.pages.flatMap((p) => p.data));
  const money = (amount: number, currency: string) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(amount);
  return (
    <>
      {heading}
      {lines.length === 0 ? (
        <p className="console__text">{t('adsBilling.noSpend')}</p>
      ) : (
        <table className="console__table">
          <caption>{t('adsBilling.orderLinesCaption', { start: period.start, end: period.end })}</caption>
          <thead>
            <tr><th scope="col">{t('adsBilling.campaign')}</th><th scope="col">{t('adsBilling.impressions')}</th><th scope="col">{t('adsBilling.spend')}</th></tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.campaignId}><th scope="row">{l.name}</th><td>{l.impressions}</td><td>{money(l.spend, l.currency)}</td></tr>
            ))}
          </tbody>
          <tfoot>
            {totalsByCurrency(lines).map((total) => (
              <tr key={total.currency}><th scope="row">{t('adsBilling.total')}</th><td /><td>{money(total.spend, total.currency)}</td></tr>
            ))}
          </tfoot>
        </table>
      )}
      {pages.hasNextPage ? (
        <button type="button" className="button button--secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>{t('adsBilling.more')}</button>
      ) : null}
    </>
  );
}
