/**
 * What the map draws for a listing: where it is and what its marker and preview card
 * say (price, type, town, a photo). Every listing matching the list's filters, not one
 * page of them; listings without a position are counted, not drawn.
 */
import type { CardView } from './bundles.ts';

export type MapPoint = Pick<
  CardView,
  | 'id'
  | 'goal'
  | 'path'
  | 'city'
  | 'typeDescription'
  | 'mainTypeName'
  | 'marquee'
  | 'marqueeName'
  | 'price'
  | 'publishPrice'
  | 'priceUnit'
  | 'priceUnitText'
  | 'priceOnDemand'
  | 'bedrooms'
  | 'surfaceLiving'
  | 'picture'
> & { lat: number; lng: number };

export interface MapPoints {
  /** Listings matching the filters, with or without a position. */
  total: number;
  points: MapPoint[];
}

/** A card's map point, or null when it has no position to draw. */
export function mapPointOf(card: CardView): MapPoint | null {
  if (card.lat === null || card.lng === null || !Number.isFinite(card.lat) || !Number.isFinite(card.lng)) return null;
  return {
    id: card.id,
    goal: card.goal,
    path: card.path,
    city: card.city,
    typeDescription: card.typeDescription,
    mainTypeName: card.mainTypeName,
    marquee: card.marquee,
    marqueeName: card.marqueeName,
    // A hidden price stays on the server: the map's data is public.
    price: card.publishPrice && !card.priceOnDemand ? card.price : null,
    publishPrice: card.publishPrice,
    priceUnit: card.priceUnit,
    priceUnitText: card.priceUnitText,
    priceOnDemand: card.priceOnDemand,
    bedrooms: card.bedrooms,
    surfaceLiving: card.surfaceLiving,
    picture: card.picture,
    lat: card.lat,
    lng: card.lng,
  };
}
