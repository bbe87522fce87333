import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_QUERY_MAX_LENGTH } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { menuFocusTarget } from '../components/menuKeys';
import { ClearIcon, SearchIcon } from './icons';
import { scopeOfPath, searchPath, SEARCH_TABS } from './paths';
import { SearchSuggestions } from './SearchSuggestions';
import type { Suggestion } from './suggestions';
import { useSuggestions } from './useSuggestions';

/** Whether an element is shown (the phone button is hidden by CSS on wider screens). */
const isShown = (element: HTMLElement | null): element is HTMLElement => Boolean(element && element.getClientRects().length > 0);

/**
 * The top bar's search (role="search"): Enter searches `/search/pins/?q=…&rs=typed` (or the tab
 * already open on a search page), Escape clears the field and, once empty, leaves it. On a search
 * page the field holds that page's query. On a phone the bar has room for a button only: it opens
 * the field over the bar, and Escape or "Close search" closes it again, back on the button.
 *
 * As one types, the field is a combobox (WAI-ARIA combobox with a listbox popup): its flyout
 * suggests queries, boards and people (or hashtags, for a term starting with `#`). Up and Down
 * move through them (the focus stays in the field), Enter chooses the active one or, with none
 * active, searches the text; Escape closes the flyout before it clears the field.
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
  // The flyout: asked for while the person types here (not when the address fills the field).
  const [typing, setTyping] = useState(false);
  if (shownQuery !== pageQuery) {
    setShownQuery(pageQuery);
    setValue(pageQuery);
    setTyping(false);
  }
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const listboxId = `${formId}-suggestions`;

  const [activeKey, setActiveKey] = useState<string | null>(null);
  const anonymous = useViewer().status !== 'authenticated';
  const suggestions = useSuggestions(value, typing, anonymous);
  const shown = typing && suggestions.items.length > 0;
  const activeIndex = shown ? suggestions.items.findIndex((s) => s.key === activeKey) : -1;
  const active = suggestions.items[activeIndex];
  const optionId = (suggestion: Suggestion) => `${formId}-option-${suggestion.key}`;

  const closeFlyout = () => {
    setTyping(false);
    setActiveKey(null);
  };

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
    closeFlyout();
    const query = value.trim();
    if (!query) {
      input.current?.focus();
      return;
    }
    const tab = scope && (SEARCH_TABS as readonly string[]).includes(scope) ? scope : 'pins';
    void navigate(searchPath(query, 'typed', tab));
    if (open) close();
  };

  /** A query or a hashtag searches it (the field then holds it); a board or a person opens their page. */
  const choose = (suggestion: Suggestion) => {
    closeFlyout();
    setValue(suggestion.kind === 'query' || suggestion.kind === 'hashtag' ? suggestion.text : '');
    void navigate(suggestion.path);
    if (open) close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that confirm a word being composed (an input method) are the composition's.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        // Opens the flyout again (after Escape, or a search) for the text in the field.
        setTyping(true);
        setActiveKey(null);
        return;
      }
      const next = suggestions.items[menuFocusTarget(event.key, activeIndex, suggestions.items.length) ?? -1];
      if (!next) return;
      setActiveKey(next.key);
      // The active option stays in view when the flyout scrolls (a short window, a phone held sideways).
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (event.key === 'Enter') {
      if (active) {
        event.preventDefault();
        choose(active);
      }
      // Otherwise the form searches the text as typed.
      return;
    }
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (shown) closeFlyout();
    else if (value) setValue('');
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
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listboxId}
          aria-activedescendant={active ? optionId(active) : undefined}
          className="search-bar__input"
          placeholder={t('search.placeholder')}
          value={value}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => {
            setValue(event.target.value);
            setTyping(true);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={closeFlyout}
        />
        {value ? (
          <button
            type="button"
            className="search-bar__clear"
            aria-label={t('search.clear')}
            onClick={() => {
              setValue('');
              closeFlyout();
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
        <SearchSuggestions
          id={listboxId}
          list={suggestions}
          shown={shown}
          activeKey={active?.key ?? null}
          optionId={optionId}
          onChoose={choose}
          onHover={(suggestion) => setActiveKey(suggestion.key)}
        />
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {shown ? t('search.suggestions.count', { count: suggestions.items.length }) : ''}
        </p>
      </form>
    </div>
  );
}
