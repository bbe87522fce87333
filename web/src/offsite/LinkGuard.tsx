import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OffsiteStatus } from '@pinhive/contracts';
import { Dialog } from '../components/Dialog';
import { checkLink } from './api';
import { destination, isOutbound } from './rules';

type Refused = { status: Exclude<OffsiteStatus, 'ok'>; host: string };

/**
 * Every outbound link of the app is checked before it is followed (saving-boards-ads.md sections
 * 4 and 9): a plain click on one asks `GET /v3/offsite/`; a link to follow is opened through the
 * signed `/offsite/` path, a blocked, suspicious or porn one is not opened and a dialog says why,
 * and when the check itself fails the link opens as it is. A new tab is opened at the click (a
 * browser allows a window only then) and sent on, or closed, once the answer is in. A click with
 * a modifier key (a background tab, a new window) is the browser's own and goes as it is.
 * A link marks its pin with `data-pin-id`.
 */
export function LinkGuard() {
  const { t } = useTranslation();
  const titleId = useId();
  const [refused, setRefused] = useState<Refused | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || !isOutbound(anchor.href, window.location.origin)) return;
      event.preventDefault();
      const href = anchor.href;
      const pinId = anchor.closest<HTMLElement>('[data-pin-id]')?.dataset.pinId;
      const newTab = anchor.target === '_blank';
      const tab = newTab ? window.open('about:blank', '_blank') : null;
      if (tab) tab.opener = null;
      const go = (to: string) => {
        if (tab) tab.location.href = to;
        else if (newTab) window.open(to, '_blank', 'noopener');
        else window.location.assign(to);
      };
      checkLink(href, pinId).then(
        (answer) => {
          const to = destination(answer, href, window.location.origin);
          if (to) return go(to);
          tab?.close();
          setRefused({ status: answer.redirect_status as Refused['status'], host: new URL(href).host });
        },
        () => go(href),
      );
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  if (!refused) return null;
  return (
    <Dialog labelledBy={titleId} describedBy={`${titleId}-body`} onClose={() => setRefused(null)} className="dialog--confirm">
      <div className="confirm">
        <h2 className="confirm__title" id={titleId}>
          {t('offsite.title')}
        </h2>
        <p id={`${titleId}-body`}>{t(`offsite.${refused.status}`, { host: refused.host })}</p>
        <div className="confirm__actions">
          <button type="button" className="button button--primary" onClick={() => setRefused(null)}>
            {t('offsite.ok')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
