import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_QUERY_MAX_LENGTH } from '@pinhive/contracts';
import { ClearIcon, SearchIcon } from './icons';
import { scopeOfPath, searchPath, SEARCH_TABS } from './paths';

/** Whether an element is shown (the phone button is hidden by CSS on wider screens). */
const isShown = (element: HTMLElement | null): element is HTMLElement => Boolean(element && element.getClientRects().length > 0);

/**
 * The top bar's search (role="search"): Enter searches `/search/pins/?q=…&rs=typed` (or the tab
 * already open on a search page), Escape clears the field and, once empty, leaves it. On a search
 * page the field holds that page's query. On a phone the bar has room for a button only: it opens
 * the field over the bar, and Escape or "Close search" closes it again, back on the button.
 */
export function SearchBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const scope = scopeOfPath(pathname);
  const pageQuery = scope ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(pageQuery);
  // The field follows the address: another search page (back, a hashtag, a tab) shows its query.
  const [shownQuery, setShownQuery] = useState(pageQuery);
  if (shownQuery !== pageQuery) {
    setShownQuery(pageQuery);
    setValue(pageQuery);
  }
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const formId = useId();

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  /** Closes the phone's field; the focus goes back to its button (on wider screens, nothing to do). */
  const close = () => {
    setOpen(false);
    if (isShown(opener.current)) opener.current.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (!query) {
      input.current?.focus();
      return;
    }
    const tab = scope && (SEARCH_TABS as readonly string[]).includes(scope) ? scope : 'pins';
    void navigate(searchPath(query, 'typed', tab));
    if (open) close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (value) setValue('');
    else if (open) close();
    else input.current?.blur();
  };

  return (
    <div className={`search-bar${open ? ' search-bar--open' : ''}`}>
      <button
        ref={opener}
        type="button"
        className="search-bar__opener"
        aria-label={t('search.open')}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(true)}
      >
        <SearchIcon size={22} />
      </button>
      <form id={formId} role="search" aria-label={t('search.landmark')} className="search-bar__form" onSubmit={submit}>
        <span className="search-bar__icon">
          <SearchIcon />
        </span>
        <label className="visually-hidden" htmlFor={`${formId}-q`}>
          {t('search.label')}
        </label>
        <input
          ref={input}
          id={`${formId}-q`}
          type="search"
          name="q"
          className="search-bar__input"
          placeholder={t('search.placeholder')}
          value={value}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {value ? (
          <button
            type="button"
            className="search-bar__clear"
            aria-label={t('search.clear')}
            onClick={() => {
              setValue('');
              input.current?.focus();
            }}
          >
            <ClearIcon />
          </button>
        ) : null}
        {open ? (
          <button type="button" className="search-bar__close" onClick={close}>
            {t('search.close')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
