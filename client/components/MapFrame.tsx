import { useCallback, useEffect, useRef } from 'react';
import type { CardView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { cardPriceInput, formatPrice } from '../../domain/rules/price.ts';
import { useSite } from './useSite.ts';

/** The map message (properties with position, title, price and path), posted to our own-origin map frame. */
export interface MapMessage {
  propsList: { id: number; lat: number; lng: number; title: string; price: string; path: string }[];
  messageInfo: { openLabel: string };
  mapType: 'plan';
  customMarker: string | null;
  marqueeIgnore: number[];
}

/**
 * The map iframe: served by our worker at /map/, it receives the map data 50 ms after it
 * has loaded, so the frame stays cacheable and the page never waits on it.
 */
export function MapFrame({ cards, title, priceText }: { cards: CardView[]; title: string; priceText?: string }) {
  const { t } = useI18n();
  const site = useSite();
  const frame = useRef<HTMLIFrameElement>(null);
  const message: MapMessage = {
    propsList: cards
      .filter((c) => c.lat !== null && c.lng !== null)
      .map((c) => ({
        id: c.id,
        lat: c.lat ?? 0,
        lng: c.lng ?? 0,
        title: `${c.typeDescription || c.mainTypeName} – ${c.city}`,
        price: priceText ?? formatPrice(cardPriceInput(c), { marqueeIgnore: site.marqueeIgnore, t }),
        path: c.path,
      })),
    messageInfo: { openLabel: t('OPEN_IN_OPENSTREETMAP') },
    mapType: 'plan',
    customMarker: null,
    marqueeIgnore: site.marqueeIgnore,
  };
  const json = JSON.stringify(message);
  const post = useCallback(() => {
    setTimeout(() => frame.current?.contentWindow?.postMessage(json, window.location.origin), 50);
  }, [json]);
  // The frame may have loaded before hydration attached onLoad; then post now. Re-post when the cards change.
  useEffect(() => {
    if (frame.current?.contentDocument?.readyState === 'complete' && frame.current.contentWindow?.location.pathname === '/map/') post();
  }, [post]);
  return <iframe ref={frame} className="map-frame" src="/map/" title={title} loading="lazy" onLoad={post} />;
}
