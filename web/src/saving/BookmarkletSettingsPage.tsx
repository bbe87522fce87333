import { useEffect, useId, useRef } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { LogoMark } from '../components/Logo';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { BOOKMARKLET_SETTINGS_PATH } from '../settings/paths';
import { bookmarkletCode } from './draft';

/**
 * `/settings/bookmarklet`: the Save button for the browser's bookmarks bar. React refuses
 * `javascript:` links in markup, so the link's address is set on the element directly.
 */
export function BookmarkletSettingsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const id = useId();
  const link = useRef<HTMLAnchorElement>(null);
  const code = bookmarkletCode(window.location.origin);
  useDocumentTitle(t('titles.bookmarklet'));

  useEffect(() => {
    link.current?.setAttribute('href', code);
  });

  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(BOOKMARKLET_SETTINGS_PATH)} replace />;
  if (viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('bookmarklet.loading')} />
      </div>
    );
  }
  return (
    <div className="page page--settings">
      <div className="settings bookmarklet">
        <header className="settings__header">
          <h1 className="settings__title">{t('bookmarklet.title')}</h1>
          <p className="settings__intro">{t('bookmarklet.intro')}</p>
        </header>
        <ol className="bookmarklet__steps">
          <li>{t('bookmarklet.step1')}</li>
          <li>{t('bookmarklet.step2')}</li>
          <li>{t('bookmarklet.step3')}</li>
        </ol>
        <div className="bookmarklet__button-row">
          <a ref={link} className="button button--primary button--large bookmarklet__button" draggable onClick={(event) => event.preventDefault()} aria-describedby={`${id}-hint`}>
            <LogoMark size={24} />
            <span>{t('bookmarklet.button')}</span>
          </a>
          <span id={`${id}-hint`} className="bookmarklet__hint">
            {t('bookmarklet.dragHint')}
          </span>
        </div>
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('bookmarklet.code')}
        </label>
        <textarea id={`${id}-code`} className="field__input bookmarklet__code" readOnly rows={4} value={code} onFocus={(event) => event.target.select()} />
      </div>
    </div>
  );
}
