import { describe, it, expect } from 'vitest';
import { registrationRatesSchema, registrationRights, type RegistrationInput, type RegistrationRates } from './buying-costs.ts';

/** Example rates (content, not code): the shape the published content must have. */
export const DEFAULT_RATES: RegistrationRates = {
  date: '2025-01-01',
  wallonia: { standard: 0.125, soleOwnHome: 0.03 },
  flanders: { standard: 0.12, soleOwnHome: 0.02 },
  brussels: { standard: 0.125, exemption: 200000, exemptionPriceCap: 600000 },
};

describe('registrationRights', () => {
  it.each<[string, RegistrationInput, number | null, number, number]>([
    // label, input, amount, rate, exempted
    ['Wallonia standard', { price: 285000, region: 'wallonia' }, 35625, 0.125, 0],
    ['Wallonia sole own home', { price: 285000, region: 'wallonia', soleOwnHome: true }, 8550, 0.03, 0],
    ['Wallonia soleOwnHome false', { price: 285000, region: 'wallonia', soleOwnHome: false }, 35625, 0.125, 0],
    ['Wallonia soleOwnHome null', { price: 285000, region: 'wallonia', soleOwnHome: null }, 35625, 0.125, 0],
    ['Flanders standard', { price: 285000, region: 'flanders' }, 34200, 0.12, 0],
    ['Flanders sole own home', { price: 285000, region: 'flanders', soleOwnHome: true }, 5700, 0.02, 0],
    ['Flanders has no price cap', { price: 2_000_000, region: 'flanders', soleOwnHome: true }, 40000, 0.02, 0],
    ['Brussels standard', { price: 500000, region: 'brussels' }, 62500, 0.125, 0],
    ['Brussels sole own home', { price: 500000, region: 'brussels', soleOwnHome: true }, 37500, 0.125, 200000],
    ['Brussels at the cap', { price: 600000, region: 'brussels', soleOwnHome: true }, 50000, 0.125, 200000],
    ['Brussels one cent over the cap', { price: 600000.01, region: 'brussels', soleOwnHome: true }, 75000, 0.125, 0],
    ['Brussels over the cap', { price: 700000, region: 'brussels', soleOwnHome: true }, 87500, 0.125, 0],
    ['Brussels exactly the exemption', { price: 200000, region: 'brussels', soleOwnHome: true }, 0, 0.125, 200000],
    ['Brussels below the exemption', { price: 150000, region: 'brussels', soleOwnHome: true }, 0, 0.125, 150000],
    ['Brussels just above the exemption', { price: 200001, region: 'brussels', soleOwnHome: true }, 0.13, 0.125, 200000],
    ['rounded to cents', { price: 100000.04, region: 'wallonia' }, 12500.01, 0.125, 0],
  ])('%s', (_label, input, amount, rate, exempted) => {
    expect(registrationRights(input, DEFAULT_RATES)).toEqual({ amount, rate, region: input.region, ratesDate: '2025-01-01', exempted });
  });

  it.each<[string, RegistrationInput]>([
    ['price 0', { price: 0, region: 'wallonia' }],
    ['negative price', { price: -1, region: 'wallonia' }],
    ['NaN price', { price: Number.NaN, region: 'wallonia' }],
    ['Infinity price', { price: Number.POSITIVE_INFINITY, region: 'wallonia' }],
    ['null price (price on demand)', { price: null, region: 'wallonia' }],
    ['undefined price', { price: undefined, region: 'wallonia' }],
    ['unknown region', { price: 285000, region: 'luxembourg' }],
    ['capitalised region', { price: 285000, region: 'Wallonia' }],
    ['empty region', { price: 285000, region: '' }],
    ['null region', { price: 285000, region: null }],
    ['undefined region', { price: 285000, region: undefined }],
  ])('%s → null', (_label, input) => {
    expect(registrationRights(input, DEFAULT_RATES)).toBeNull();
  });

  it('rejects rates that fail the schema', () => {
    const broken: RegistrationRates = { ...DEFAULT_RATES, wallonia: { standard: 12.5, soleOwnHome: 0.03 } };
    expect(registrationRights({ price: 285000, region: 'wallonia' }, broken)).toBeNull();
  });

  it('returns the date of the rates used', () => {
    const next: RegistrationRates = { ...DEFAULT_RATES, date: '2026-01-01', wallonia: { standard: 0.125, soleOwnHome: 0.02 } };
    expect(registrationRights({ price: 100000, region: 'wallonia', soleOwnHome: true }, next)).toMatchObject({ amount: 2000, ratesDate: '2026-01-01' });
  });
});

describe('registrationRatesSchema', () => {
  it('accepts the example', () => {
    expect(registrationRatesSchema.safeParse(DEFAULT_RATES).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['rate above 1 (percent instead of fraction)', { ...DEFAULT_RATES, flanders: { standard: 12, soleOwnHome: 0.02 } }],
    ['negative rate', { ...DEFAULT_RATES, flanders: { standard: -0.12, soleOwnHome: 0.02 } }],
    ['NaN rate', { ...DEFAULT_RATES, flanders: { standard: Number.NaN, soleOwnHome: 0.02 } }],
    ['string rate', { ...DEFAULT_RATES, flanders: { standard: '0.12', soleOwnHome: 0.02 } }],
    ['missing region', { date: DEFAULT_RATES.date, wallonia: DEFAULT_RATES.wallonia, flanders: DEFAULT_RATES.flanders }],
    ['missing exemption cap', { ...DEFAULT_RATES, brussels: { standard: 0.125, exemption: 200000 } }],
    ['negative exemption', { ...DEFAULT_RATES, brussels: { standard: 0.125, exemption: -1, exemptionPriceCap: 600000 } }],
    ['infinite cap', { ...DEFAULT_RATES, brussels: { standard: 0.125, exemption: 200000, exemptionPriceCap: Number.POSITIVE_INFINITY } }],
    ['date in Belgian order', { ...DEFAULT_RATES, date: '01-01-2025' }],
    ['impossible date', { ...DEFAULT_RATES, date: '2025-02-30' }],
    ['empty date', { ...DEFAULT_RATES, date: '' }],
    ['date with NBSP', { ...DEFAULT_RATES, date: '2025-01-01\u00A0' }],
    ['null', null],
    ['empty object', {}],
  ])('rejects %s', (_label, value) => {
    expect(registrationRatesSchema.safeParse(value).success).toBe(false);
  });
});
