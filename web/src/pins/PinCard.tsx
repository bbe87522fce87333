import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Pin } from '@pinhive/contracts';
import { scaledHeight } from './closeup';
import { pinHref } from '../saving/success';

/** What a pin's image is called for screen readers: its alt text (the pin builder's), else its title, else its description, else "Pin image". */
export function pinAlt(pin: Pick<Pin, 'title' | 'description'> & { alt_text?: string | undefined }, fallback: string): string {
  return pin.alt_text?.trim() || pin.title.trim() || pin.description.trim().slice(0, 120) || fallback;
}

/** What a grid card shows of a pin: a board page's pins and the home feed's both have it. */
export type GridPin = Pick<Pin, 'id' | 'title' | 'description' | 'dominant_color' | 'images'>;

/**
 * A pin in the grid: its image at the column's width keeping its shape, the dominant colour
 * behind it while it loads, and its title under it. The whole card links to the close-up.
 */
export function PinCard({ pin, width }: { pin: GridPin; width: number }) {
  return (
    <Link to={pinHref(pin.id)} className="pin-card">
      <PinCardImage pin={pin} width={width} />
      {pin.title.trim() ? <span className="pin-card__title">{pin.title}</span> : null}
    </Link>
  );
}

/** A grid card's image: the column's width keeping its shape, the dominant colour behind it while it loads (PinCard, PromotedPinCard). */
export function PinCardImage({ pin, width }: { pin: GridPin; width: number }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const image = pin.images['236x'];
  const height = scaledHeight(image, width);
  return (
    <span className="pin-card__image" style={{ height, backgroundColor: pin.dominant_color || undefined }}>
      <img
        src={image.url}
        alt={pinAlt(pin, t('pins.imageAlt'))}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className={loaded ? 'is-loaded' : undefined}
        onLoad={() => setLoaded(true)}
      />
    </span>
  );
}
