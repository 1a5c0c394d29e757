import { describe, expect, it } from 'vitest';
import { buyingCosts, buyingCostsSchema, costQueryOf, registrationDue, registrationEntryOn, scaleFee, type BuyingCostsTable, type RegistrationEntry } from './buying-costs.ts';

const words = { fr: 'conditions', nl: 'voorwaarden', en: 'conditions', de: 'Bedingungen' };
const entry = (e: Omit<RegistrationEntry, 'conditions' | 'source'>): RegistrationEntry => ({ ...e, conditions: words, source: 'https://example.be/source' });

/** The rates as the sources state them; the demo agency publishes the same in its site.json. */
export const TABLE: BuyingCostsTable = {
  registration: [
    entry({ region: 'flanders', from: '2022-01-01', standard: 0.12, ownHome: 0.03 }),
    entry({ region: 'flanders', from: '2025-01-01', standard: 0.12, ownHome: 0.02 }),
    entry({ region: 'wallonia', from: '2025-01-01', standard: 0.125, ownHome: 0.03 }),
    entry({ region: 'brussels', from: '2023-04-01', standard: 0.125, ownHome: 0.125, exemption: 200000, exemptionPriceCap: 600000 }),
    entry({ region: 'luxembourg', from: '2024-01-01', standard: 0.07, ownHome: 0.07, buyerCredit: 40000, minimumDuty: 100 }),
    entry({ region: 'luxembourg', from: '2026-01-01', standard: 0.07, ownHome: 0.07, buyerCredit: 30000, minimumDuty: 100 }),
  ],
  notary: {
    sale: [
      { upTo: 7500, rate: 0.0456 },
      { upTo: 17500, rate: 0.0285 },
      { upTo: 30000, rate: 0.0228 },
      { upTo: 45495, rate: 0.0171 },
      { upTo: 64095, rate: 0.0114 },
      { upTo: 250095, rate: 0.0057 },
      { upTo: null, rate: 0.00057 },
    ],
    credit: [
      { upTo: 7500, rate: 0.01425 },
      { upTo: 17500, rate: 0.0114 },
      { upTo: 30000, rate: 0.00684 },
      { upTo: 45495, rate: 0.0057 },
      { upTo: 64095, rate: 0.00456 },
      { upTo: 250095, rate: 0.00228 },
      { upTo: null, rate: 0.000228 },
    ],
    vat: 0.21,
    saleCosts: 1250,
    creditCosts: 900,
    source: 'https://example.be/notary',
  },
  mortgage: { registration: 0.01, inscription: 0.003, source: 'https://example.be/mortgage' },
  energy: { pricePerKwh: 0.12, date: '2026-10-01', source: 'https://example.be/energy' },
};

const due = (region: RegistrationEntry['region'], on: string, price: number, buyer: 'own-home' | 'other') => {
  const found = registrationEntryOn(TABLE.registration, region, on);
  return found ? registrationDue(price, found, buyer).amount : null;
};

describe('registration duties, per region and date (the sources\u2019 own examples)', () => {
  it.each<[string, RegistrationEntry['region'], string, number, 'own-home' | 'other', number | null]>([
    // be.brussels: "for a property of €200,000 the buyer pays no registration duties, an advantage of €25,000".
    ['Brussels, €200,000, own home: nothing', 'brussels', '2026-11-26', 200000, 'own-home', 0],
    ['Brussels, €200,000, another property: the €25,000 the exemption saves', 'brussels', '2026-11-26', 200000, 'other', 25000],
    ['Brussels, at the €600,000 cap: 12.5 % of the part above €200,000', 'brussels', '2026-11-26', 600000, 'own-home', 50000],
    ['Brussels, one euro above the cap: the whole price', 'brussels', '2026-11-26', 600001, 'own-home', 75000.13],
    ['Brussels before the 2023 rates: no entry, no estimate', 'brussels', '2023-03-31', 300000, 'own-home', null],
    // Wallonia from 1 January 2025: 3 % instead of 12.5 % on the whole price, no cap.
    ['Wallonia, €250,000, own home: 3 %', 'wallonia', '2026-11-26', 250000, 'own-home', 7500],
    ['Wallonia, €250,000, another property: 12.5 %', 'wallonia', '2026-11-26', 250000, 'other', 31250],
    ['Wallonia, €1,200,000, own home: still 3 %, no cap', 'wallonia', '2026-11-26', 1200000, 'own-home', 36000],
    // Flanders: 3 % until 31 December 2024, 2 % from 1 January 2025; 12 % otherwise.
    ['Flanders, €300,000, own home, 31 December 2024: 3 %', 'flanders', '2024-12-31', 300000, 'own-home', 9000],
    ['Flanders, €300,000, own home, 1 January 2025: 2 %', 'flanders', '2025-01-01', 300000, 'own-home', 6000],
    ['Flanders, €300,000, another property: 12 %', 'flanders', '2026-11-26', 300000, 'other', 36000],
    // guichet.lu: 7 % (6 % + 1 %), a credit of €40,000 per buyer in 2024, €30,000 otherwise, €100 always due.
    ['Luxembourg, €500,000, own home, 2024: €35,000 less the €40,000 credit leaves the €100 minimum', 'luxembourg', '2024-06-01', 500000, 'own-home', 100],
    ['Luxembourg, €500,000, own home, 2026: €35,000 less €30,000', 'luxembourg', '2026-11-26', 500000, 'own-home', 5000],
    ['Luxembourg, €300,000, own home, 2026: the €100 minimum', 'luxembourg', '2026-11-26', 300000, 'own-home', 100],
    ['Luxembourg, €500,000, another property: 7 %', 'luxembourg', '2026-11-26', 500000, 'other', 35000],
  ])('%s', (_name, region, on, price, buyer, expected) => {
    expect(due(region, on, price, buyer)).toBe(expected);
  });

  it.each([
    // 7 % of €630,000 is €44,100; the own-home credit of €30,000 leaves €14,100: the lines add up.
    ['Luxembourg, €630,000, own home, 2026', 'luxembourg', 630000, 'own-home', { gross: 44100, credit: 30000, amount: 14100 }],
    ['Luxembourg, €630,000, another property', 'luxembourg', 630000, 'other', { gross: 44100, credit: 0, amount: 44100 }],
    ['Wallonia, €345,000, another property', 'wallonia', 345000, 'other', { gross: 43125, credit: 0, amount: 43125 }],
  ] as const)('%s: the rate line, less the credit, is what is paid', (_name, region, price, buyer, expected) => {
    const entry = registrationEntryOn(TABLE.registration, region, '2026-11-26');
    const result = entry ? registrationDue(price, entry, buyer) : null;
    expect(result).toMatchObject(expected);
    expect(result ? result.gross - result.credit : null).toBe(result?.amount);
  });
});

describe('scaleFee', () => {
  it.each<[number, number]>([
    [0, 0],
    [7500, 342],
    [17500, 627],
    // 342 + 285 + 285 + 264.96 + 212.04 + 1060.20 + 28.45 (49,905 × 0.057 %)
    [300000, 2477.65],
  ])('the sale scale on €%d is €%d before VAT', (amount, fee) => {
    expect(scaleFee(amount, TABLE.notary.sale)).toBe(fee);
  });
});

describe('buyingCosts', () => {
  it('adds the duties, the sale deed and the mortgage deed for a Walloon own home with a loan', () => {
    const costs = buyingCosts({ price: 300000, region: 'wallonia', buyer: 'own-home', loan: 200000, on: '2026-11-26', energyScore: 286, livingArea: 185 }, TABLE);
    expect(costs).toEqual({
      registration: { gross: 9000, amount: 9000, rate: 0.03, exempted: 0, credit: 0, from: '2025-01-01' },
      // fee 2,477.65; VAT 21 % of fee and costs (3,727.65) = 782.81; costs 1,250
      notary: { fee: 2477.65, vat: 782.81, costs: 1250, total: 4510.46 },
      // 1 % + 0.3 % of the loan; credit scale on €200,000 = 789.38; VAT on 1,689.38 = 354.77
      mortgage: { registration: 2000, inscription: 600, fee: 789.38, vat: 354.77, costs: 900, total: 4644.15 },
      total: 18154.61,
      // 286 kWh/m² × 185 m² × €0.12
      energyPerYear: 6349,
    });
  });

  it('has no mortgage deed without a loan, and no Belgian notary scale in Luxembourg', () => {
    expect(buyingCosts({ price: 300000, region: 'wallonia', buyer: 'other', loan: null, on: '2026-11-26' }, TABLE)?.mortgage).toBeNull();
    const lux = buyingCosts({ price: 500000, region: 'luxembourg', buyer: 'other', loan: 400000, on: '2026-11-26' }, TABLE);
    expect(lux).toMatchObject({ notary: { total: 0 }, mortgage: null, total: 35000 });
  });

  it('gives nothing without a price or without rates in force', () => {
    expect(buyingCosts({ price: 0, region: 'wallonia', buyer: 'other', on: '2026-11-26' }, TABLE)).toBeNull();
    expect(buyingCosts({ price: 300000, region: 'wallonia', buyer: 'other', on: '2024-12-31' }, TABLE)).toBeNull();
  });

  it('counts a near-zero-energy building as no energy cost, and leaves the energy out without an area', () => {
    expect(buyingCosts({ price: 300000, region: 'flanders', buyer: 'other', on: '2026-11-26', energyScore: -5, livingArea: 120 }, TABLE)?.energyPerYear).toBe(0);
    expect(buyingCosts({ price: 300000, region: 'flanders', buyer: 'other', on: '2026-11-26', energyScore: 200, livingArea: null }, TABLE)?.energyPerYear).toBeNull();
  });
});

describe('costQueryOf', () => {
  it.each<[Record<string, unknown>, { buyer: string; loan: number | null }]>([
    // Without a choice, a first-time buyer's only home.
    [{}, { buyer: 'own-home', loan: null }],
    [
      { buyer: 'own-home', loan: '250000' },
      { buyer: 'own-home', loan: 250000 },
    ],
    [
      { buyer: 'own-home', loan: 250000 },
      { buyer: 'own-home', loan: 250000 },
    ],
    [
      { buyer: '<script>', loan: '-5' },
      { buyer: 'own-home', loan: null },
    ],
    [
      { buyer: 'other', loan: '1e12' },
      { buyer: 'other', loan: null },
    ],
    [{ loan: 'abc' }, { buyer: 'own-home', loan: null }],
    [{ loan: '' }, { buyer: 'own-home', loan: null }],
  ])('%j → %j', (search, expected) => {
    expect(costQueryOf(search)).toEqual(expected);
  });
});

describe('buyingCostsSchema', () => {
  it('accepts the table and refuses a rate given in percent or an open band before the last', () => {
    expect(buyingCostsSchema.safeParse(TABLE).success).toBe(true);
    expect(buyingCostsSchema.safeParse({ ...TABLE, registration: [{ ...TABLE.registration[0], ownHome: 2 }] }).success).toBe(false);
    const bands = [
      { upTo: null, rate: 0.01 },
      { upTo: null, rate: 0.02 },
    ];
    expect(buyingCostsSchema.safeParse({ ...TABLE, notary: { ...TABLE.notary, sale: bands } }).success).toBe(false);
  });
});
