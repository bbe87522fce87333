import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COLOR_PALETTE, type PaletteColor } from '@pinhive/contracts';
import { readableSearch, selectedColors, toggleColor } from './paths';

/** What each palette colour's chip shows (a swatch beside its name). */
const SWATCH: Record<PaletteColor, string> = {
  red: '#d7263d',
  orange: '#f08a24',
  yellow: '#f6d33c',
  green: '#3fa34d',
  teal: '#1b998b',
  blue: '#2e6fd8',
  purple: '#7b3fb5',
  pink: '#f48fb1',
  brown: '#8b5a2b',
  black: '#111111',
  gray: '#9e9e9e',
  white: '#ffffff',
};

/**
 * The colour chips of a pin search: each a toggle button (aria-pressed) that adds its colour to
 * `colors=` in the address or takes it out; several may be on at once.
 */
export function ColorFilter() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const chosen = selectedColors(params);
  return (
    <div className="color-filter" role="group" aria-labelledby="color-filter-label">
      <span className="color-filter__label" id="color-filter-label">
        {t('search.colors.label')}
      </span>
      <ul className="color-filter__chips">
        {COLOR_PALETTE.map((color) => {
          const pressed = chosen.includes(color);
          return (
            <li key={color}>
              <button
                type="button"
                className="color-chip"
                aria-pressed={pressed}
                onClick={() => void navigate({ search: readableSearch(toggleColor(params, color)) }, { preventScrollReset: true })}
              >
                <span className="color-chip__swatch" style={{ backgroundColor: SWATCH[color] }} aria-hidden="true" />
                {t(`search.colors.${color}`)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
