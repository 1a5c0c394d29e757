import { isForSale } from './goal.ts';
import { roundCents } from './money.ts';
import { isEmptyText } from './text.ts';
import type { CardView } from '../bundles.ts';

/** Translation keys this module asks for; the UI's dictionary must define them. */
export const PRICE_KEYS = ['PRICE_ON_DEMAND', 'STARTING_FROM', 'PER_MONTH'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

/** CRM price unit meaning "starting from" (project prices, new builds). */
export const PRICE_UNIT_STARTING_FROM = 7;

/**
 * Formats an amount as Belgian euros: '€ 285.000', '€ 1.250,50', '' for NaN/±Infinity or |n| ≥ 1e21.
 * Why: prices must render identically on the server and in every browser, so grouping is done here, not by ICU.
 * Cents are shown only when the amount, rounded to cents like every amount (roundCents), is not whole.
 */
export function formatEuro(amount: number): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e21) return '';
  const rounded = roundCents(amount);
  const [whole = '0', cents = '00'] = Math.abs(rounded).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = rounded < 0 ? '-' : '';
  return `€ ${sign}${grouped}${cents === '00' ? '' : `,${cents}`}`;
}

/** '1250000' → '1.250.000': Belgian-Dutch thousands grouping of a digit string. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, '.');
}

/**
 * A measurement in Belgian notation, up to two decimals: 1250 → '1.250', 7.5 → '7,5'.
 * Why: surfaces and energy figures sit next to prices and must read the same way.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const [whole = '0', decimals] = String(Math.round(Math.abs(value) * 100) / 100).split('.');
  const sign = value < 0 && (whole !== '0' || decimals) ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `,${decimals}` : ''}`;
}

export interface PriceInput {
  Goal: number | null;
  Price?: number | null | undefined;
  PublishPrice?: boolean | null | undefined;
  PriceUnit?: number | null | undefined;
  PriceUnitText?: string | null | undefined;
  Marquee?: number | null | undefined;
  MarqueeName?: string | null | undefined;
  priceOnDemand?: boolean | null | undefined;
}

/** The price fields of a list card as the price rules read them (the CRM's names). */
export function cardPriceInput(card: Pick<CardView, 'goal' | 'price' | 'publishPrice' | 'priceUnit' | 'priceUnitText' | 'marquee' | 'marqueeName' | 'priceOnDemand'>): PriceInput {
  return {
    Goal: card.goal,
    Price: card.price,
    PublishPrice: card.publishPrice,
    PriceUnit: card.priceUnit,
    PriceUnitText: card.priceUnitText,
    Marquee: card.marquee,
    MarqueeName: card.marqueeName,
    priceOnDemand: card.priceOnDemand,
  };
}

export interface PriceOptions {
  /** Marquee ids (e.g. "sold", "under option") whose name replaces the price. */
  marqueeIgnore: readonly number[];
  t: (key: PriceKey) => string;
}

/** The price split into pieces, so a card can style prefix, amount and unit separately. */
export type PriceParts = { kind: 'marquee'; text: string } | { kind: 'on-demand'; text: string } | { kind: 'price'; prefix: string; amount: string; unit: string; suffix: string };

/**
 * Decides what a property shows instead of, or around, its price.
 * Why: the same rules drive cards, detail pages and JSON-LD; each UI renders the parts its own way.
 * Order: an ignored marquee with a name wins; then "price on demand" (flag, PublishPrice false, or a
 * Price that is missing, 0, negative or not finite); otherwise the amount. PriceUnit 7 puts
 * t('STARTING_FROM') in `prefix` and drops the unit text (the prefix replaces it). Other units: the unit text
 * without '€', trimmed. Rentals (Goal ≠ 0) get `suffix` t('PER_MONTH') only when there is no unit text,
 * because a CRM unit text ('/maand', 'per jaar') already states the period.
 */
export function priceParts(input: PriceInput, options: PriceOptions): PriceParts {
  const { t } = options;
  const marqueeName = input.MarqueeName;
  if (typeof input.Marquee === 'number' && options.marqueeIgnore.includes(input.Marquee) && !isEmptyText(marqueeName)) {
    return { kind: 'marquee', text: (marqueeName ?? '').trim() };
  }
  const price = input.Price;
  const hasPrice = typeof price === 'number' && Number.isFinite(price) && price > 0;
  if (!hasPrice || input.priceOnDemand === true || input.PublishPrice === false) {
    return { kind: 'on-demand', text: t('PRICE_ON_DEMAND') };
  }

  const startingFrom = input.PriceUnit === PRICE_UNIT_STARTING_FROM;
  const unit = startingFrom ? '' : (input.PriceUnitText ?? '').replace(/€/g, '').replace(/\s+/g, ' ').trim();
  return {
    kind: 'price',
    prefix: startingFrom ? t('STARTING_FROM') : '',
    amount: formatEuro(price),
    unit,
    suffix: !isForSale(input.Goal) && unit === '' ? t('PER_MONTH') : '',
  };
}

/**
 * The price as one display string: 'Vanaf € 285.000', '€ 850 per maand', 'Prijs op aanvraag', 'Verkocht'.
 * Why: most places (meta tags, list rows, share texts) need one string and the same rules as the card.
 * Non-empty parts are joined by single spaces, so PER_MONTH should be translated with its own
 * preposition ('per maand', 'par mois', 'per month', 'pro Monat').
 */
export function formatPrice(input: PriceInput, options: PriceOptions): string {
  const parts = priceParts(input, options);
  if (parts.kind !== 'price') return parts.text;
  return [parts.prefix, parts.amount, parts.unit, parts.suffix].filter((part) => part !== '').join(' ');
}

/** A price drop as a visitor reads it: the real previous price, by how much, and the day. */
export interface PriceDrop {
  previous: number;
  percent: number;
  on: string;
}

/**
 * The drop to show on a card or a detail page, or null: only where the price itself is
 * shown, and only while it is lower than the price it dropped from (a whole percent, at
 * least 1, so "reduced by 0 %" never appears).
 */
export function priceDropOf(card: Pick<CardView, 'price' | 'priceDrop'>, shown: boolean): PriceDrop | null {
  const drop = card.priceDrop;
  if (!shown || !drop || card.price === null || drop.from <= card.price) return null;
  return { previous: drop.from, percent: Math.max(1, Math.round(((drop.from - card.price) / drop.from) * 100)), on: drop.on };
}

/** A project's prices: '€ 245.000 – € 390.000', one price, or null when none is public. */
export function priceRange(min: number | null, max: number | null): string | null {
  if (min && max && min !== max) return `${formatEuro(min)} – ${formatEuro(max)}`;
  if (min) return formatEuro(min);
  return null;
}
