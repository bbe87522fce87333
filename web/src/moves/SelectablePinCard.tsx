import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scaledHeight } from '../pins/closeup';
import { pinAlt, type GridPin } from '../pins/PinCard';
import { useOrganise } from './organiseContext';
import { isSelected } from './rules';

/**
 * A pin in Organise mode: the whole card is the label of its checkbox ('Select {pin}'), so a
 * click anywhere, or Space on the focused box, ticks it; ticked cards are outlined.
 */
export function SelectablePinCard({ pin, width }: { pin: GridPin; width: number }) {
  const { t } = useTranslation();
  const { selection, toggle } = useOrganise();
  const [loaded, setLoaded] = useState(false);
  const checked = isSelected(selection, pin.id);
  const image = pin.images['236x'];
  const height = scaledHeight(image, width);
  const id = `organise-${pin.id}`;
  return (
    <label htmlFor={id} className={`pin-card pin-card--selectable${checked ? ' is-selected' : ''}`}>
      <span className="pin-card__image" style={{ height, backgroundColor: pin.dominant_color || undefined }}>
        <img
          src={image.url}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className={loaded ? 'is-loaded' : undefined}
          onLoad={() => setLoaded(true)}
        />
      </span>
      <input
        id={id}
        type="checkbox"
        className="pin-card__check"
        checked={checked}
        onChange={() => toggle(pin.id)}
        aria-label={t('moves.select', { name: pinAlt(pin, t('pins.imageAlt')) })}
      />
      {pin.title.trim() ? <span className="pin-card__title">{pin.title}</span> : null}
    </label>
  );
}
