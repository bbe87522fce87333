import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { BOOKMARKLET_SETTINGS_PATH } from '../settings/paths';
import { SettingsPage } from '../settings/SettingsPage';
import { bookmarkletCode } from './draft';

/**
 * `/settings/bookmarklet`: the Save button for the browser's bookmarks bar. React refuses
 * `javascript:` links in markup, so the link's address is set on the element directly.
 */
export function BookmarkletSettingsPage() {
  const { t } = useTranslation();
  const id = useId();
  const code = bookmarkletCode(window.location.origin);
  useDocumentTitle(t('titles.bookmarklet'));
  // A callback ref: the link renders inside SettingsPage once the viewer is known, a render of its own.
  const link = (element: HTMLAnchorElement | null) => element?.setAttribute('href', code);

  return (
    <SettingsPage path={BOOKMARKLET_SETTINGS_PATH} title={t('bookmarklet.title')} intro={t('bookmarklet.intro')} loading={t('bookmarklet.loading')} className="bookmarklet">
      {() => (
        <>
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
        </>
      )}
    </SettingsPage>
  );
}
