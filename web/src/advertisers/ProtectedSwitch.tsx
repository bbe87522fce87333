import { useTranslation } from 'react-i18next';

/**
 * Section 5: "in an advertiser-owned context a disabled 'Protected board (not listed on user's
 * profile)' switch is on". A native checkbox in the switch role, checked and disabled; the
 * sentence under it says why (it describes the switch, outside its name).
 */
export function ProtectedSwitch({ id, hint }: { id: string; hint?: string | undefined }) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  return (
    <div className="checkbox-field protected-switch">
      <div className="checkbox-field__row">
        <input id={id} type="checkbox" role="switch" className="switch" checked disabled readOnly aria-describedby={hint ? hintId : undefined} />
        <label className="checkbox-field__label protected-switch__label" htmlFor={id}>
          {t('boards.protected')}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="board-form__hint protected-switch__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
