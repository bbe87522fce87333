import { createContext, useContext, useEffect, useRef, useState, type ComponentType } from 'react';
import { Masonry, type RenderComponentProps } from 'masonic';
import { useTranslation } from 'react-i18next';
import { PIN_PREVIEW_WIDTH } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { nearGridEnd, throttle } from './fetchMore';
import { PinCard, type GridPin } from './PinCard';
import { useWindowWidth } from './useWindowWidth';

interface PinGridProps {
  pins: GridPin[];
  /** The list's accessible name. */
  label: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Another card for each pin (Organise mode's selectable one, moves/); the linked PinCard by default. */
  card?: ComponentType<{ pin: GridPin; width: number }> | undefined;
  /** Each cell's key; the pin's id by default (a promoted pin's is its ad's: the pin may be on the grid twice). */
  itemKey?: ((pin: GridPin) => string) | undefined;
}

const GUTTER = 16;
/** Phones get two columns (section 9's 175 px grid items): the narrowest column at or below 600 px. */
const NARROW_MAX = 600;
const NARROW_COLUMN = 160;
const NARROW_GUTTER = 8;

/** The card the grid's cells render: masonic renders cells by component, so it comes through context. */
const CardOfGrid = createContext<ComponentType<{ pin: GridPin; width: number }>>(PinCard);

function Cell({ data, width }: RenderComponentProps<GridPin>) {
  const Card = useContext(CardOfGrid);
  return <Card pin={data} width={width} />;
}

/**
 * Changes when the list is no longer the old one plus more at its end (a refetch, a removal), so
 * that the masonry layout starts afresh rather than reading positions of pins that are gone.
 */
function useLayoutGeneration(pins: GridPin[]): number {
  const [state, setState] = useState({ generation: 0, ids: pins.map((pin) => pin.id) });
  const appended = state.ids.length <= pins.length && state.ids.every((id, index) => pins[index]?.id === id);
  if (!appended || state.ids.length !== pins.length) {
    const next = { generation: appended ? state.generation : state.generation + 1, ids: pins.map((pin) => pin.id) };
    setState(next);
    return next.generation;
  }
  return state.generation;
}

/**
 * Pins in a masonry grid (masonic): 236 px columns as many as fit, each image keeping its shape.
 * More pins are asked for as the end comes within two viewport heights (scroll handler throttled
 * to 200 ms, section 9).
 */
export function PinGrid({ pins, label, hasNextPage, isFetchingNextPage, fetchNextPage, card, itemKey }: PinGridProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const generation = useLayoutGeneration(pins);
  const narrow = useWindowWidth() <= NARROW_MAX;
  const more = useRef({ hasNextPage, isFetchingNextPage, fetchNextPage });
  useEffect(() => {
    more.current = { hasNextPage, isFetchingNextPage, fetchNextPage };
  });

  useEffect(() => {
    const check = throttle(() => {
      const { hasNextPage: has, isFetchingNextPage: fetching, fetchNextPage: fetch } = more.current;
      const element = container.current;
      if (!has || fetching || !element) return;
      if (nearGridEnd(element.getBoundingClientRect().bottom, window.innerHeight)) void fetch();
    });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  // A short first page may not fill the screen: look again once it has been laid out.
  useEffect(() => {
    const element = container.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const frame = requestAnimationFrame(() => {
      if (nearGridEnd(element.getBoundingClientRect().bottom, window.innerHeight)) void fetchNextPage();
    });
    return () => cancelAnimationFrame(frame);
  }, [pins.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section className="pin-grid" ref={container} aria-label={label}>
      <CardOfGrid value={card ?? PinCard}>
        <Masonry
          key={`${generation}-${narrow ? 'narrow' : 'wide'}`}
          items={pins}
          render={Cell}
          columnWidth={narrow ? NARROW_COLUMN : PIN_PREVIEW_WIDTH}
          columnGutter={narrow ? NARROW_GUTTER : GUTTER}
          rowGutter={narrow ? NARROW_GUTTER : GUTTER}
          itemKey={itemKey ?? ((pin) => pin.id)}
          itemHeightEstimate={360}
          overscanBy={3}
          role="list"
          tabIndex={-1}
          className="pin-grid__masonry"
        />
      </CardOfGrid>
      <div className="pin-grid__status" aria-live="polite">
        {isFetchingNextPage ? (
          <>
            <Spinner size="large" />
            <span className="visually-hidden">{t('pins.loadingMore')}</span>
          </>
        ) : null}
      </div>
    </section>
  );
}
