import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/Avatar';
import { highlightPieces } from './highlight';
import { SearchIcon } from './icons';
import type { Suggestion, SuggestionList } from './suggestions';

interface SearchSuggestionsProps {
  /** The listbox's id (the field's `aria-controls`). */
  id: string;
  list: SuggestionList;
  shown: boolean;
  activeKey: string | null;
  optionId: (suggestion: Suggestion) => string;
  onChoose: (suggestion: Suggestion) => void;
  onHover: (suggestion: Suggestion) => void;
}

/** A suggestion's text with the part typed highlighted (`<mark>`; only for more than 1 character typed). */
function Highlighted({ text, term }: { text: string; term: string }) {
  return (
    <>
      {highlightPieces(text, term).map((piece, index) =>
        piece.match ? (
          <mark key={index} className="search-flyout__match">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

function HashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M9 4 7 20M17 4l-2 16M4.5 9h16M3.5 15h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The search field's flyout: the listbox of its combobox (the field keeps the focus and points
 * at the active option with `aria-activedescendant`). Queries first, then boards and people in
 * labelled groups; or the hashtags, each with its pin count. The pointer chooses too: a press
 * on the flyout never takes the focus from the field.
 */
export function SearchSuggestions({ id, list, shown, activeKey, optionId, onChoose, onHover }: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const { items, term } = list;

  const option = (suggestion: Suggestion) => {
    const active = suggestion.key === activeKey;
    return (
      <div
        key={suggestion.key}
        id={optionId(suggestion)}
        role="option"
        aria-selected={active}
        className={`search-flyout__option search-flyout__option--${suggestion.kind}${active ? ' search-flyout__option--active' : ''}`}
        onMouseMove={() => {
          if (!active) onHover(suggestion);
        }}
        onClick={() => onChoose(suggestion)}
      >
        <SuggestionBody suggestion={suggestion} term={term} />
      </div>
    );
  };

  const queries = items.filter((s) => s.kind === 'query' || s.kind === 'hashtag');
  const boards = items.filter((s) => s.kind === 'board');
  const people = items.filter((s) => s.kind === 'user');
  const group = (name: 'boards' | 'people', rows: Suggestion[]) =>
    rows.length === 0 ? null : (
      <div role="group" aria-labelledby={`${groupId}-${name}`} className="search-flyout__group">
        <div role="presentation" id={`${groupId}-${name}`} className="search-flyout__heading">
          {t(`search.suggestions.${name}`)}
        </div>
        {rows.map(option)}
      </div>
    );

  return (
    <div className="search-flyout" hidden={!shown} onMouseDown={(event) => event.preventDefault()}>
      <div id={id} role="listbox" aria-label={t('search.suggestions.label')} className="search-flyout__list">
        {shown ? (
          <>
            {queries.map(option)}
            {group('boards', boards)}
            {group('people', people)}
          </>
        ) : null}
      </div>
    </div>
  );
}

function SuggestionBody({ suggestion, term }: { suggestion: Suggestion; term: string }) {
  const { t } = useTranslation();
  switch (suggestion.kind) {
    case 'query':
      return (
        <>
          <span className="search-flyout__icon" aria-hidden="true">
            <SearchIcon size={18} />
          </span>
          <span className="search-flyout__text">
            <Highlighted text={suggestion.text} term={term} />
          </span>
        </>
      );
    case 'hashtag':
      return (
        <>
          <span className="search-flyout__icon" aria-hidden="true">
            <HashIcon />
          </span>
          <span className="search-flyout__text">
            <Highlighted text={suggestion.text} term={term} />
          </span>
          {suggestion.pinCount === null ? null : <span className="search-flyout__count">{t('search.suggestions.pinCount', { count: suggestion.pinCount })}</span>}
        </>
      );
    case 'board':
      return (
        <>
          {suggestion.imageUrl ? (
            <img className="search-flyout__cover" src={suggestion.imageUrl} alt="" loading="lazy" />
          ) : (
            <span className="search-flyout__cover search-flyout__cover--empty" aria-hidden="true" />
          )}
          <span className="search-flyout__text">
            <Highlighted text={suggestion.text} term={term} />
          </span>
        </>
      );
    case 'user':
      return (
        <>
          <Avatar name={suggestion.text} imageUrl={null} size="small" />
          <span className="search-flyout__lines">
            <span className="search-flyout__text">
              <Highlighted text={suggestion.text} term={term} />
            </span>
            <span className="search-flyout__secondary">
              @<Highlighted text={suggestion.username} term={term} />
            </span>
          </span>
        </>
      );
  }
}
