/**
 * A map of listings: the list's map view (every listing matching the filters) or a
 * property page's own position. The server renders its shell — a status line, the way
 * back to the list, and a message for browsers without JavaScript; the map engine loads
 * only here, when the map is on screen, so no page's first load carries it. If the
 * engine cannot draw (an old browser, no canvas, a failed load), the shell says so and
 * the list stays below it.
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MapPoint, MapPoints } from '../../domain/map-points.ts';
import type { ListResult } from '../../domain/page-data.ts';
import { cardPriceInput, formatPrice } from '../../domain/rules/price.ts';
import { parseBbox, writeBbox, type Bbox } from '../../domain/rules/bbox.ts';
import { listHref, writeSearch, type ListSearch } from '../../domain/search.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useSite } from '../components/useSite.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Picture } from '../components/Picture.tsx';
import { navigateTo } from '../navigation.ts';
import type { MapTexts, PropertyMapHandle, TileJson } from '#map-engine';

export type PropertyMapProps =
  { mode: 'list'; goal: ListResult['goal']; search: ListSearch; label: string } | { mode: 'single'; point: MapPoint; label: string; stops?: { name: string; lat: number; lng: number }[] | undefined };

/** 'idle': the server's HTML, and the browser until the map starts loading. */
type State = 'idle' | 'loading' | 'ready' | 'failed';

async function basemap(): Promise<TileJson | null> {
  const response = await fetch('/tiles/basemap.json');
  return response.ok ? ((await response.json()) as TileJson) : null;
}

/** The list's filters (its page, sort and view are not the map's business: ListScreen passes none). */
async function listPoints(lang: string, goal: string, search: ListSearch): Promise<MapPoints> {
  const query = writeSearch({ ...search });
  const response = await fetch(`/api/map-points/${lang}/${goal}${query ? `?${query}` : ''}`);
  if (!response.ok) throw new Error(`map points: ${response.status}`);
  return (await response.json()) as MapPoints;
}

export function PropertyMap(props: PropertyMapProps) {
  const { t, lang } = useI18n();
  const site = useSite();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const canvas = useRef<HTMLDivElement>(null);
  const handle = useRef<PropertyMapHandle | null>(null);
  const [state, setState] = useState<State>('idle');
  const [shown, setShown] = useState<{ drawn: number; total: number } | null>(null);
  const [status, setStatus] = useState('');
  const [moved, setMoved] = useState<Bbox | null>(null);
  const [preview, setPreview] = useState<MapPoint | null>(null);
  const helpId = useId();
  const search = props.mode === 'list' ? props.search : null;
  const goal = props.mode === 'list' ? props.goal : null;
  const single = props.mode === 'single' ? props.point : null;
  const searchKey = JSON.stringify(search);

  const price = useCallback((point: MapPoint) => formatPrice(cardPriceInput(point), { marqueeIgnore: site.marqueeIgnore, t }), [site.marqueeIgnore, t]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    const compact = new Intl.NumberFormat(`${lang}-BE`, { notation: 'compact', style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const pin = (point: MapPoint) => (point.price !== null && point.publishPrice && !point.priceOnDemand ? compact.format(point.price) : '');
    const texts: MapTexts = {
      zoomIn: t('MAP_ZOOM_IN'),
      zoomOut: t('MAP_ZOOM_OUT'),
      // The name starts with what the pin shows (WCAG 2.5.3, label in name), then the exact price.
      marker: (point) => `${pin(point) ? `${pin(point)} (${price(point)})` : price(point)}, ${point.typeDescription || point.mainTypeName} – ${point.city}`,
      pin,
      cluster: (count) => t('MAP_CLUSTER', { count }),
    };
    setPreview(null);
    setMoved(null);
    setStatus('');
    const start = () => {
      setState('loading');
      Promise.all([import('#map-engine'), basemap().catch(() => null), search && goal ? listPoints(lang, goal, search) : Promise.resolve({ total: 1, points: single ? [single] : [] })])
        .then(async ([engine, tilejson, data]) => {
          if (cancelled) return;
          const opened = await engine.openPropertyMap(element, {
            tilejson,
            points: data.points,
            lang,
            texts,
            single: single !== null,
            area: parseBbox(search?.bbox),
            stops: props.mode === 'single' ? props.stops : undefined,
            onSelect: (point) => setPreview(point),
            onMoved: (area) => setMoved(area),
            onZoomedTo: (count) => setStatus(t('MAP_ZOOMED_TO', { count })),
          });
          if (cancelled) {
            opened.destroy();
            return;
          }
          handle.current = opened;
          setShown({ drawn: data.points.length, total: data.total });
          setState('ready');
        })
        .catch((error: unknown) => {
          console.error('map unavailable', error);
          if (!cancelled) setState('failed');
        });
    };
    // The map's code and data come when the map nears the screen (a property page's map is
    // far down; a client-side navigation draws this part at once).
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        seen.disconnect();
        start();
      },
      { rootMargin: '200px' },
    );
    seen.observe(element);
    return () => {
      cancelled = true;
      seen.disconnect();
      handle.current?.destroy();
      handle.current = null;
    };
    // The map is drawn anew for another search or language, not for each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, lang, goal, single?.id]);

  const closePreview = useCallback(() => {
    const id = preview?.id;
    setPreview(null);
    if (id !== undefined && !handle.current?.focusMarker(id)) canvas.current?.focus();
  }, [preview]);

  const searchArea = () => {
    if (!moved || !search) return;
    // The visitor stays at the map, which redraws for the area (on a phone the top of the page is a screen away).
    void navigateTo(router, listHref(pathname, { ...search, bbox: writeBbox(moved), page: undefined, view: 'map' }), { keepScroll: true });
  };

  const listView = search ? listHref(pathname, { ...search, view: 'list', page: undefined }) : null;
  const count = shown ? t('MAP_SHOWN', { count: shown.drawn }) : '';
  const unplaced = shown && shown.total > shown.drawn ? ` ${t('MAP_NOT_PLACED', { count: shown.total - shown.drawn })}` : '';

  return (
    <div className={`property-map property-map--${props.mode}`}>
      {props.mode === 'list' ? (
        <div className="property-map__bar">
          <p className="property-map__status" role="status">
            {state === 'ready' ? `${count}${unplaced}${status ? ` – ${status}` : ''}` : state === 'loading' ? t('MAP_LOADING') : ''}
          </p>
          {moved && state === 'ready' ? (
            <button type="button" className="button button--small" onClick={searchArea}>
              {t('MAP_SEARCH_AREA')}
            </button>
          ) : null}
          {listView ? (
            <AppLink href={listView} className="property-map__list-link">
              {t('MAP_SHOW_LIST')}
            </AppLink>
          ) : null}
        </div>
      ) : null}
      <p id={helpId} className="visually-hidden">
        {t('MAP_KEYS_HELP')}
      </p>
      <noscript>
        <p className="property-map__message">{t('MAP_NEEDS_SCRIPT')}</p>
      </noscript>
      {state === 'failed' ? (
        <p className="property-map__message" role="alert">
          {t('MAP_FAILED')}
        </p>
      ) : null}
      {/* Leaflet owns what is inside: React draws nothing there. */}
      <div ref={canvas} className="property-map__canvas" tabIndex={0} role="region" aria-label={props.label} aria-describedby={helpId} data-state={state} hidden={state === 'failed'} />
      {preview ? <MapPreview point={preview} price={price(preview)} onClose={closePreview} /> : null}
    </div>
  );
}

/** A listing's preview over the map: photo, price, type and town, the way to its page. */
function MapPreview({ point, price, onClose }: { point: MapPoint; price: string; onClose: () => void }) {
  const { t } = useI18n();
  const card = useRef<HTMLDivElement>(null);
  const title = `${point.typeDescription || point.mainTypeName} – ${point.city}`;
  // The preview takes focus on its link; Escape or the close button give it back to the marker.
  useEffect(() => card.current?.querySelector<HTMLAnchorElement>('a')?.focus(), [point.id]);
  return (
    <div
      ref={card}
      className="map-preview"
      role="dialog"
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Picture picture={point.picture} alt="" sizes="120px" eager />
      <div className="map-preview__body">
        <p className="map-preview__price">{price}</p>
        <p className="map-preview__title">{title}</p>
        <AppLink href={point.path} className="map-preview__link">
          {t('MAP_OPEN_PROPERTY')}
        </AppLink>
      </div>
      <button type="button" className="map-preview__close" onClick={onClose} aria-label={t('MAP_PREVIEW_CLOSE')}>
        ×
      </button>
    </div>
  );
}
