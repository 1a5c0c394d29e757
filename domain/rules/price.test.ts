import { describe, it, expect } from 'vitest';
import { cardPriceInput, formatEuro, formatNumber, formatPrice, priceDropOf, priceParts, PRICE_KEYS, type PriceInput, type PriceKey, type PriceOptions } from './price.ts';

describe('formatEuro', () => {
  it.each([
    [285000, '€ 285.000'],
    [1250.5, '€ 1.250,50'],
    [1250.05, '€ 1.250,05'],
    [0, '€ 0'],
    [-0, '€ 0'],
    [1, '€ 1'],
    [999, '€ 999'],
    [1000, '€ 1.000'],
    [999999, '€ 999.999'],
    [1000000, '€ 1.000.000'],
    [1234567.891, '€ 1.234.567,89'],
    [0.5, '€ 0,50'],
    [1.005, '€ 1,01'],
    [1.004, '€ 1'],
    [0.004, '€ 0'],
    [0.999, '€ 1'],
    [999.996, '€ 1.000'],
    [-1250.5, '€ -1.250,50'],
    [-0.001, '€ 0'],
    [1e20, '€ 100.000.000.000.000.000.000'],
    [1e21, ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [Number.NEGATIVE_INFINITY, ''],
  ])('formatEuro(%s) → %j', (amount, expected) => {
    expect(formatEuro(amount)).toBe(expected);
  });

  it('uses a normal space after € (not NBSP or narrow NBSP)', () => {
    expect(formatEuro(285000).charCodeAt(1)).toBe(0x20);
  });
});

const DICT: Record<PriceKey, string> = {
  PRICE_ON_DEMAND: 'Prijs op aanvraag',
  STARTING_FROM: 'Vanaf',
  PER_MONTH: 'per maand',
};
const options: PriceOptions = { marqueeIgnore: [3, 4], t: (key) => DICT[key] };

const SALE = { Goal: 0, Price: 285000, PublishPrice: true } satisfies PriceInput;
const RENT = { Goal: 1, Price: 850, PublishPrice: true } satisfies PriceInput;

describe('formatPrice', () => {
  it.each<[string, PriceInput, string]>([
    ['sale', SALE, '€ 285.000'],
    ['sale with cents', { ...SALE, Price: 1250.5 }, '€ 1.250,50'],
    ['rent gets per month', RENT, '€ 850 per maand'],
    ['goal 2 is rent', { ...RENT, Goal: 2 }, '€ 850 per maand'],
    ['goal null is rent', { ...RENT, Goal: null }, '€ 850 per maand'],
    ['ignored marquee shows its name', { ...SALE, Marquee: 3, MarqueeName: 'Verkocht' }, 'Verkocht'],
    ['ignored marquee name trimmed', { ...SALE, Marquee: 4, MarqueeName: '\u00A0Onder optie ' }, 'Onder optie'],
    ['ignored marquee wins over on-demand', { ...SALE, Marquee: 3, MarqueeName: 'Verkocht', PublishPrice: false }, 'Verkocht'],
    ['other marquee shows the price', { ...SALE, Marquee: 5, MarqueeName: 'Nieuw' }, '€ 285.000'],
    ['ignored marquee without name shows the price', { ...SALE, Marquee: 3, MarqueeName: '  ' }, '€ 285.000'],
    ['ignored marquee with null name shows the price', { ...SALE, Marquee: 3, MarqueeName: null }, '€ 285.000'],
    ['marquee null', { ...SALE, Marquee: null, MarqueeName: 'Verkocht' }, '€ 285.000'],
    ['on-demand flag', { ...SALE, priceOnDemand: true }, 'Prijs op aanvraag'],
    ['on-demand flag false', { ...SALE, priceOnDemand: false }, '€ 285.000'],
    ['PublishPrice false', { ...SALE, PublishPrice: false }, 'Prijs op aanvraag'],
    ['PublishPrice missing', { Goal: 0, Price: 285000 }, '€ 285.000'],
    ['PublishPrice null', { ...SALE, PublishPrice: null }, '€ 285.000'],
    ['Price missing', { Goal: 0 }, 'Prijs op aanvraag'],
    ['Price null', { ...SALE, Price: null }, 'Prijs op aanvraag'],
    ['Price 0', { ...SALE, Price: 0 }, 'Prijs op aanvraag'],
    ['Price negative', { ...SALE, Price: -1 }, 'Prijs op aanvraag'],
    ['Price NaN', { ...SALE, Price: Number.NaN }, 'Prijs op aanvraag'],
    ['Price Infinity', { ...SALE, Price: Number.POSITIVE_INFINITY }, 'Prijs op aanvraag'],
    ['Price 0.01', { ...SALE, Price: 0.01 }, '€ 0,01'],
    ['rent on demand has no suffix', { ...RENT, PublishPrice: false }, 'Prijs op aanvraag'],
    ['starting from', { ...SALE, PriceUnit: 7, PriceUnitText: 'vanaf €' }, 'Vanaf € 285.000'],
    ['starting from rent', { ...RENT, PriceUnit: 7 }, 'Vanaf € 850 per maand'],
    ['unit 6 is not starting from', { ...SALE, PriceUnit: 6 }, '€ 285.000'],
    ['unit 8 is not starting from', { ...SALE, PriceUnit: 8 }, '€ 285.000'],
    ['unit text € only is omitted', { ...SALE, PriceUnit: 1, PriceUnitText: '€' }, '€ 285.000'],
    ['unit text with €', { ...SALE, PriceUnit: 2, PriceUnitText: '€/m²' }, '€ 285.000 /m²'],
    ['unit text spaces and NBSP', { ...SALE, PriceUnitText: ' €\u00A0 per m² ' }, '€ 285.000 per m²'],
    ['unit text empty', { ...SALE, PriceUnitText: '' }, '€ 285.000'],
    ['unit text null', { ...SALE, PriceUnitText: null }, '€ 285.000'],
    ['rent unit text replaces per month', { ...RENT, PriceUnitText: '€/maand' }, '€ 850 /maand'],
    ['rent unit text € only keeps per month', { ...RENT, PriceUnitText: ' € ' }, '€ 850 per maand'],
    ['unit text emoji kept', { ...SALE, PriceUnitText: '🏠' }, '€ 285.000 🏠'],
  ])('%s', (_label, input, expected) => {
    expect(formatPrice(input, options)).toBe(expected);
  });
});

describe('priceParts', () => {
  it.each<[string, PriceInput, ReturnType<typeof priceParts>]>([
    ['marquee', { ...SALE, Marquee: 3, MarqueeName: 'Verkocht' }, { kind: 'marquee', text: 'Verkocht' }],
    ['on demand', { ...SALE, Price: 0 }, { kind: 'on-demand', text: 'Prijs op aanvraag' }],
    ['sale', SALE, { kind: 'price', prefix: '', amount: '€ 285.000', unit: '', suffix: '' }],
    ['rent from', { ...RENT, PriceUnit: 7, PriceUnitText: '€' }, { kind: 'price', prefix: 'Vanaf', amount: '€ 850', unit: '', suffix: 'per maand' }],
    ['unit', { ...SALE, PriceUnitText: '€/m²' }, { kind: 'price', prefix: '', amount: '€ 285.000', unit: '/m²', suffix: '' }],
  ])('%s', (_label, input, expected) => {
    expect(priceParts(input, options)).toEqual(expected);
  });

  it('asks translations only through the declared keys', () => {
    const asked: string[] = [];
    const spy: PriceOptions = {
      marqueeIgnore: [],
      t: (key) => {
        asked.push(key);
        return key;
      },
    };
    formatPrice({ ...RENT, PriceUnit: 7 }, spy);
    formatPrice({ ...SALE, Price: 0 }, spy);
    expect(asked.sort()).toEqual([...PRICE_KEYS].sort());
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [1250, '1.250'],
    [1250000, '1.250.000'],
    [7.5, '7,5'],
    [142.456, '142,46'],
    [-5, '-5'],
    [-0.001, '0'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s → %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('cardPriceInput', () => {
  const t = (key: string) => ({ PRICE_ON_DEMAND: 'Prix sur demande', PER_MONTH: 'par mois', STARTING_FROM: 'À partir de' })[key] ?? key;
  const card = { goal: 1, price: 850, publishPrice: true, priceUnit: null, priceUnitText: '', marquee: 0, marqueeName: null, priceOnDemand: false };
  it.each([
    [card, '€ 850 par mois'],
    [{ ...card, publishPrice: false }, 'Prix sur demande'],
    [{ ...card, goal: 0, price: 285000 }, '€ 285.000'],
    [{ ...card, marquee: 2, marqueeName: 'Loué' }, 'Loué'],
  ])('a card priced %j shows %s', (input, shown) => {
    expect(formatPrice(cardPriceInput(input), { marqueeIgnore: [2], t })).toBe(shown);
  });
});

describe('priceDropOf', () => {
  it.each([
    [{ price: 420_000, priceDrop: { from: 450_000, on: '2026-11-12' } }, true, { previous: 450_000, percent: 7, on: '2026-11-12' }],
    [{ price: 449_000, priceDrop: { from: 450_000, on: '2026-11-12' } }, true, { previous: 450_000, percent: 1, on: '2026-11-12' }],
    [{ price: 420_000, priceDrop: { from: 450_000, on: '2026-11-12' } }, false, null],
    [{ price: null, priceDrop: { from: 450_000, on: '2026-11-12' } }, true, null],
    [{ price: 460_000, priceDrop: { from: 450_000, on: '2026-11-12' } }, true, null],
    [{ price: 420_000 }, true, null],
  ])('%j shown=%s → %j', (card, shown, expected) => {
    expect(priceDropOf(card, shown)).toEqual(expected);
  });
});
