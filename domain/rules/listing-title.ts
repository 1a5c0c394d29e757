/**
 * How a listing is named where a search engine or a shared link shows it, as the portals
 * name it: the kind of property, for sale or to rent, the town, the bedrooms and the price
 * ("Maison à vendre à Namur – 3 ch. – € 379.000"). The description says the same with the
 * living area and the energy class, then the start of the agency's own words.
 */
import type { CardView } from '../bundles.ts';
import { cardPriceInput, formatPrice, type PriceKey } from './price.ts';
import { isForSale } from './goal.ts';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What a title is made of: the card's facts. */
export type TitledCard = Pick<
  CardView,
  'goal' | 'price' | 'publishPrice' | 'priceUnit' | 'priceUnitText' | 'marquee' | 'marqueeName' | 'priceOnDemand' | 'typeDescription' | 'mainTypeName' | 'city' | 'zip' | 'bedrooms' | 'surfaceLiving'
>;

/**
 * The kind of property as its card names it: the listing's type in the page's language. The
 * CRM's main type is one word in the CRM's own language ("Maison" on a Dutch page), so it is
 * only the fallback.
 */
function typeOf(card: TitledCard): string {
  return card.typeDescription || card.mainTypeName;
}

/** "Maison à vendre à Namur – 3 ch. – € 379.000": the page's title before the agency's name. */
export function listingTitle(card: TitledCard, t: Translate, marqueeIgnore: readonly number[]): string {
  const where = t(isForSale(card.goal) ? 'TITLE_FOR_SALE_IN' : 'TITLE_FOR_RENT_IN', { type: typeOf(card), city: card.city });
  const rooms = card.bedrooms ? t('TITLE_BEDROOMS', { count: card.bedrooms }) : null;
  const price = formatPrice(cardPriceInput(card), { marqueeIgnore, t: (key: PriceKey) => t(key) });
  return [where, rooms, price].filter(Boolean).join(' – ');
}

/** The meta description: the listing's facts in one sentence, then its own words, within 160 characters. */
export function listingDescription(card: TitledCard & { epc?: string | null }, t: Translate, marqueeIgnore: readonly number[], ownWords: string): string {
  const facts = [
    card.bedrooms ? t('DESCRIPTION_BEDROOMS', { count: card.bedrooms }) : null,
    card.surfaceLiving ? t('DESCRIPTION_LIVING_AREA', { area: card.surfaceLiving }) : null,
    card.epc ? t('DESCRIPTION_EPC', { label: card.epc }) : null,
    formatPrice(cardPriceInput(card), { marqueeIgnore, t: (key: PriceKey) => t(key) }),
  ].filter(Boolean);
  const what = t(isForSale(card.goal) ? 'TITLE_FOR_SALE_IN' : 'TITLE_FOR_RENT_IN', { type: typeOf(card), city: `${card.city} (${card.zip})` });
  const lead = t('DESCRIPTION_FACTS', { what, facts: facts.join(', ') });
  const words = ownWords
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const full = words ? `${lead} ${words}` : lead;
  if (full.length <= 160) return full;
  const cut = full.slice(0, 159);
  return `${cut.slice(0, Math.max(lead.length, cut.lastIndexOf(' ')))}…`;
}
