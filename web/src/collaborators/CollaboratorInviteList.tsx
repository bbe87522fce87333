import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareSuggestion } from '@pinhive/contracts';
import { Avatar } from '../components/Avatar';
import { Spinner } from '../components/Spinner';
import { useShareRows } from './queries';
import { canChoose, inviteeKey, inviteeName, inviteeOf, rowState, type Invitee, type RowState } from './rules';

interface CollaboratorInviteListProps {
  chosen: Invitee[];
  onChange: (chosen: Invitee[]) => void;
  /** The board invited to (its members are not suggested); none while it is being created. */
  boardId?: string;
  /** Disabled while the invitations are being sent. */
  disabled?: boolean;
}

const STATE_KEYS = { keepTyping: 'collaborators.keepTyping', clickToSend: 'collaborators.clickToSend', done: 'collaborators.done' } as const;

/**
 * The collaborator invite list (section 5): a combobox over people suggested or found and the
 * typed address, whose row says 'Keep typing!' until it is a valid address, 'Click to send!' once
 * it is, and 'Done!' once chosen; the chosen people listed under it, each removable. Up and Down
 * move through the rows, Enter chooses, Escape closes the list; what a row says is announced.
 */
export function CollaboratorInviteList({ chosen, onChange, boardId, disabled = false }: CollaboratorInviteListProps) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = open && !disabled;
  const { rows, loading, failed } = useShareRows(term, boardId, shown);
  const current = rows[Math.min(active, rows.length - 1)];
  const optionId = (row: ShareSuggestion) => `${id}-option-${row.type}-${row.id}`;

  const choose = (row: ShareSuggestion | undefined) => {
    if (!row || !canChoose(row, chosen)) return;
    onChange([...chosen, inviteeOf(row)]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (rows.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, rows.length - 1) + step + rows.length) % rows.length);
    } else if (event.key === 'Enter') {
      // Never submits the form around it: Enter chooses here.
      event.preventDefault();
      if (shown) choose(current);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  let status: string;
  if (failed) status = t('collaborators.searchFailed');
  else if (loading) status = t('collaborators.searching');
  else if (current && rowState(current, chosen)) status = `${current.title}: ${t(STATE_KEYS[rowState(current, chosen) as Exclude<RowState, null>])}`;
  else if (term.trim() && rows.length === 0) status = t('collaborators.noMatch');
  else status = rows.length > 0 ? t('collaborators.results', { count: rows.length }) : '';

  return (
    <div className="invite-list">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-input`}>
          {t('collaborators.inviteLabel')}
        </label>
        <div className="invite-list__combo">
          <input
            id={`${id}-input`}
            className="field__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={shown && current ? optionId(current) : undefined}
            aria-describedby={`${id}-hint`}
            placeholder={t('collaborators.invitePlaceholder')}
            value={term}
            disabled={disabled}
            onChange={(event) => {
              setTerm(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          {loading && shown ? <Spinner /> : null}
          {/* Over what follows, not in its flow: a list that pushed the page down would move the buttons under the pointer as it closes on blur. */}
          <ul id={`${id}-listbox`} role="listbox" aria-label={t('collaborators.inviteTitle')} className="invite-list__options" hidden={!shown || rows.length === 0}>
            {rows.map((row, index) => {
              const state = rowState(row, chosen);
              return (
                <li
                  key={optionId(row)}
                  id={optionId(row)}
                  role="option"
                  aria-selected={row === current}
                  aria-disabled={!canChoose(row, chosen) || undefined}
                  className={`invite-row${row === current ? ' invite-row--active' : ''}`}
                  // Keeps the focus in the field, so the list stays open and the keys keep working.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(row)}
                >
                  {row.type === 'email' ? <span className="invite-row__mail" aria-hidden="true">@</span> : <Avatar name={row.title} imageUrl={row.image_medium_url} size="small" />}
                  <span className="invite-row__text">
                    <span className="invite-row__title">{row.title}</span>
                    {row.type !== 'email' ? <span className="invite-row__username">@{row.username}</span> : null}
                  </span>
                  {state ? <span className={`invite-row__state invite-row__state--${state}`}>{t(STATE_KEYS[state])}</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
        <p className="invite-list__hint" id={`${id}-hint`}>
          {t('collaborators.inviteHint')}
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {shown ? status : ''}
      </p>
      {failed && shown ? (
        <p className="invite-list__note" role="alert">
          {t('collaborators.searchFailed')}
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ul className="invite-list__chosen" aria-label={t('collaborators.chosen')}>
          {chosen.map((invitee) => (
            <li key={inviteeKey(invitee)} className="invitee-chip">
              {invitee.kind === 'user' ? <Avatar name={invitee.name} imageUrl={invitee.imageUrl} size="small" /> : <span className="invite-row__mail" aria-hidden="true">@</span>}
              <span className="invitee-chip__name">{inviteeName(invitee)}</span>
              <button
                type="button"
                className="invitee-chip__remove"
                aria-label={t('collaborators.dontInvite', { name: inviteeName(invitee) })}
                disabled={disabled}
                onClick={() => onChange(chosen.filter((c) => inviteeKey(c) !== inviteeKey(invitee)))}
              >
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
