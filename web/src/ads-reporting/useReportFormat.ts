import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMicro } from './summary';

/** Figures as the reader's language writes them: counts, CTR as a percentage, spend in its currency, days. */
export function useReportFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const counts = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const days = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const money = new Map<string, Intl.NumberFormat>();
    return {
      count: (value: number) => counts.format(value),
      ctr: (value: number) => percent.format(value),
      spend: (micro: number, currency: string) => {
        let format = money.get(currency);
        if (!format) {
          try {
            format = new Intl.NumberFormat(locale, { style: 'currency', currency });
          } catch {
            // A code the browser does not know: the amount and the code as they are.
            format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
            return `${format.format(fromMicro(micro))} ${currency}`;
          }
          money.set(currency, format);
        }
        return format.format(fromMicro(micro));
      },
      /** A day of a report (`2026-11-27`, UTC) as "Nov 27". */
      day: (date: string) => days.format(new Date(`${date}T00:00:00Z`)),
    };
  }, [locale]);
}
