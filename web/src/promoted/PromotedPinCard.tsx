import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotedPin } from '@pinhive/contracts';
import { linkHost } from '../pins/closeup';
import { PinCard, PinCardImage, type GridPin } from '../pins/PinCard';
import { recordAdEvent } from './adEvents';
import { useImpression } from './impressionsContext';
import { isPromotedPin } from './placement';

/**
 * A promoted pin in the grid: a pin card with the creator card's sponsor line ("Promoted by
 * {name}"). The card links to the campaign's destination in a new tab (checked by the offsite
 * LinkGuard like every outbound link); a click is recorded, and so is an impression once the card
 * has been half in view for a second (ImpressionsProvider around the list).
 */
export function PromotedPinCard({ pin, width }: { pin: PromotedPin; width: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);
  useImpression(ref, pin.ad.token);
  const sponsor = pin.ad.sponsor.name;
  const title = pin.title.trim();
  const click = () => recordAdEvent({ kind: 'click', token: pin.ad.token });
  return (
    <a
      ref={ref}
      href={pin.ad.destination_url}
      target="_blank"
      rel="sponsored noopener"
      className="pin-card promoted-card"
      data-pin-id={pin.id}
      aria-label={t('promoted.cardLabel', { title: title || t('pins.untitled'), sponsor, host: linkHost(pin.ad.destination_url) ?? pin.ad.destination_url })}
      onClick={click}
      onAuxClick={(event) => {
        if (event.button === 1) click();
      }}
    >
      <PinCardImage pin={pin} width={width} />
      {title ? <span className="pin-card__title">{title}</span> : null}
      <span className="promoted-card__sponsor">{t('promoted.sponsorLine', { name: sponsor })}</span>
    </a>
  );
}

/** The grid's card for a list that may hold promoted pins (PinGrid's `card`). */
export function PinOrPromotedCard({ pin, width }: { pin: GridPin; width: number }) {
  return isPromotedPin(pin) ? <PromotedPinCard pin={pin} width={width} /> : <PinCard pin={pin} width={width} />;
}
