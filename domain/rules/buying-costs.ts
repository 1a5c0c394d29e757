import * as z from 'zod';
import { roundCents } from './money.ts';

const rate = z.number().min(0).max(1);
const euros = z.number().min(0);
/** Plain words in the site's four languages: a condition a buyer must meet, as the source states it. */
const words = z.strictObject({ fr: z.string().min(1), nl: z.string().min(1), en: z.string().min(1), de: z.string().min(1) });

export const COST_REGIONS = ['wallonia', 'flanders', 'brussels', 'luxembourg'] as const;
export type CostRegion = (typeof COST_REGIONS)[number];

/** Whether the buyer will live in the property as their only home, which lowers the duties. */
export const BUYER_SITUATIONS = ['own-home', 'other'] as const;
export type BuyerSituation = (typeof BUYER_SITUATIONS)[number];

/**
 * The registration duties of one region from one day on, e.g. Wallonia from 2025-01-01:
 * 12.5 %, or 3 % for the buyer's only home. Rates are fractions (0.125 = 12.5 %).
 * Why dated entries: a decree changes the rate on a given day; the agency adds an entry, and
 * a page estimates with the entry in force on the day it is published.
 */
export const registrationEntrySchema = z
  .strictObject({
    region: z.enum(COST_REGIONS),
    from: z.iso.date(),
    standard: rate,
    ownHome: rate,
    /** Brussels: the first euros of the price are not taxed for an own home… */
    exemption: euros.optional(),
    /** …when the price is at most this. */
    exemptionPriceCap: euros.optional(),
    /** Luxembourg (Bëllegen Akt): a credit against the duties on a main residence, per buyer… */
    buyerCredit: euros.optional(),
    /** …which always leaves this much to pay. */
    minimumDuty: euros.optional(),
    conditions: words,
    source: z.url({ protocol: /^https$/ }),
  })
  .refine((e) => (e.exemption === undefined) === (e.exemptionPriceCap === undefined), { message: 'exemption and exemptionPriceCap go together' });
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;

/** A legal fee scale: each band taxes the part of the amount up to `upTo` (null: the rest) at `rate`. */
const scale = z
  .array(z.strictObject({ upTo: euros.nullable(), rate }))
  .min(1)
  .refine((bands) => bands.every((band, i) => (i === bands.length - 1 ? band.upTo === null : band.upTo !== null && (i === 0 || band.upTo > (bands[i - 1]?.upTo ?? 0)))), {
    message: 'bands rise, and only the last one is open (upTo null)',
  });
export type FeeScale = z.infer<typeof scale>;

export const buyingCostsSchema = z.strictObject({
  registration: z.array(registrationEntrySchema).min(1),
  /** Belgian notaries' fees are set by royal decree: one scale for the sale, one for the credit. */
  notary: z.strictObject({ sale: scale, credit: scale, vat: rate, saleCosts: euros, creditCosts: euros, source: z.url({ protocol: /^https$/ }) }),
  /** Duties on a mortgage deed: registration on the loan, and the mortgage office's fee. */
  mortgage: z.strictObject({ registration: rate, inscription: rate, source: z.url({ protocol: /^https$/ }) }),
  /** Price of a kWh of primary energy for the yearly estimate, as of `date`. */
  energy: z.strictObject({ pricePerKwh: euros, date: z.iso.date(), source: z.url({ protocol: /^https$/ }) }),
});
export type BuyingCostsTable = z.infer<typeof buyingCostsSchema>;

/** The rates of a registration entry, without its words: what the figures are computed from. */
export type RegistrationRates = Omit<RegistrationEntry, 'conditions' | 'source'>;

/** The tables the estimate needs; a page carries only its region's entries, in its language. */
export interface CostRates<E extends RegistrationRates = RegistrationRates> {
  registration: readonly E[];
  notary: BuyingCostsTable['notary'];
  mortgage: BuyingCostsTable['mortgage'];
  energy: BuyingCostsTable['energy'];
}

/** The entry of `region` in force on `on` (ISO date): the latest one that started by then. */
export function registrationEntryOn<E extends RegistrationRates>(entries: readonly E[], region: CostRegion, on: string): E | null {
  let found: E | null = null;
  for (const entry of entries) if (entry.region === region && entry.from <= on && (found === null || entry.from > found.from)) found = entry;
  return found;
}

/** The fee a scale sets on an amount, to the cent (before VAT). */
export function scaleFee(amount: number, bands: FeeScale): number {
  let fee = 0;
  let lower = 0;
  for (const band of bands) {
    const upper = band.upTo ?? Infinity;
    if (amount <= lower) break;
    fee += (Math.min(amount, upper) - lower) * band.rate;
    lower = upper;
  }
  return roundCents(fee);
}

export interface RegistrationDue {
  /** The duties at the rate, before a credit: what the rate line shows. */
  gross: number;
  /** What is paid: the duties less the credit. */
  amount: number;
  rate: number;
  /** Part of the price not taxed (Brussels), 0 elsewhere. */
  exempted: number;
  /** Credit deducted from the duties (Luxembourg), 0 elsewhere. */
  credit: number;
}

/**
 * Registration duties on a price for a buyer. Own home: Wallonia and Flanders apply the
 * reduced rate to the whole price (no cap in Wallonia); Brussels taxes nothing of the first
 * `exemption` euros when the price is at most `exemptionPriceCap` (above it, the whole price);
 * Luxembourg deducts the buyer credit from the duties. Otherwise the standard rate on the price.
 */
export function registrationDue(price: number, entry: RegistrationRates, buyer: BuyerSituation): RegistrationDue {
  const ownHome = buyer === 'own-home';
  const rateApplied = ownHome ? entry.ownHome : entry.standard;
  const exempted = ownHome && entry.exemption !== undefined && entry.exemptionPriceCap !== undefined && price <= entry.exemptionPriceCap ? Math.min(price, entry.exemption) : 0;
  const gross = roundCents((price - exempted) * rateApplied);
  const floor = Math.min(gross, entry.minimumDuty ?? 0);
  const credit = ownHome && entry.buyerCredit !== undefined ? Math.min(gross - floor, entry.buyerCredit) : 0;
  return { gross, amount: roundCents(gross - credit), rate: rateApplied, exempted, credit };
}

export interface CostInput {
  price: number;
  region: CostRegion;
  buyer: BuyerSituation;
  /** Amount borrowed with a mortgage; 0 or null: no mortgage deed. */
  loan?: number | null;
  /** The day whose registration entry applies (ISO date). */
  on: string;
  /** EPC score, kWh/m²·year, and the living area it applies to. */
  energyScore?: number | null;
  livingArea?: number | null;
}

export interface CostBreakdown {
  /** The duties, and the day from which the rates applied are in force. */
  registration: RegistrationDue & { from: string };
  /** The sale deed: notary's fee by the legal scale, its VAT, and the deed's fixed costs. */
  notary: { fee: number; vat: number; costs: number; total: number };
  /** The mortgage deed, when there is a loan: duties and the notary's fee on the credit. */
  mortgage: { registration: number; inscription: number; fee: number; vat: number; costs: number; total: number } | null;
  /** Everything paid at the deeds on top of the price. */
  total: number;
  /** A theoretical year of energy: the EPC score times the living area at the table's kWh price. */
  energyPerYear: number | null;
}

/** The largest loan the estimate takes: beyond it a figure typed in is a mistake, not a mortgage. */
export const MAX_LOAN = 20_000_000;

/**
 * What a purchase costs on top of the price, for this buyer: registration duties, the sale
 * deed, and the mortgage deed when there is a loan. Belgian notary scales apply to Belgian
 * listings; a Luxembourg listing has duties only (its notary fees are not on a public scale
 * here). null without a price or without a registration entry in force.
 */
export function buyingCosts(input: CostInput, table: CostRates): CostBreakdown | null {
  const { price } = input;
  if (!Number.isFinite(price) || price <= 0) return null;
  const entry = registrationEntryOn(table.registration, input.region, input.on);
  if (entry === null) return null;
  const registration = { ...registrationDue(price, entry, input.buyer), from: entry.from };
  const belgian = input.region !== 'luxembourg';
  const saleFee = belgian ? scaleFee(price, table.notary.sale) : 0;
  const saleCosts = belgian ? table.notary.saleCosts : 0;
  const notary = { fee: saleFee, vat: roundCents((saleFee + saleCosts) * table.notary.vat), costs: saleCosts, total: 0 };
  notary.total = roundCents(notary.fee + notary.vat + notary.costs);
  const loan = typeof input.loan === 'number' && Number.isFinite(input.loan) && input.loan > 0 ? Math.min(input.loan, MAX_LOAN) : 0;
  let mortgage: CostBreakdown['mortgage'] = null;
  if (loan > 0 && belgian) {
    const fee = scaleFee(loan, table.notary.credit);
    const costs = table.notary.creditCosts;
    const m = {
      registration: roundCents(loan * table.mortgage.registration),
      inscription: roundCents(loan * table.mortgage.inscription),
      fee,
      vat: roundCents((fee + costs) * table.notary.vat),
      costs,
      total: 0,
    };
    m.total = roundCents(m.registration + m.inscription + m.fee + m.vat + m.costs);
    mortgage = m;
  }
  const total = roundCents(registration.amount + notary.total + (mortgage?.total ?? 0));
  const { energyScore, livingArea } = input;
  const energyPerYear = typeof energyScore === 'number' && typeof livingArea === 'number' && livingArea > 0 ? Math.round(Math.max(0, energyScore) * livingArea * table.energy.pricePerKwh) : null;
  return { registration, notary, mortgage, total, energyPerYear };
}

/**
 * The buyer's choices as they arrive in a page's query string (?buyer=other&loan=250000).
 * Without a choice, the buyer's only home: most visitors are first-time buyers, and showing
 * them the investor's 12.5 % would triple what they read as their costs.
 */
export const costQuerySchema = z.object({
  buyer: z.enum(BUYER_SITUATIONS).catch('own-home'),
  loan: z.coerce.number().int().min(0).max(MAX_LOAN).nullable().catch(null),
});
export type CostQuery = z.infer<typeof costQuerySchema>;

/** The choices of a query string; anything unreadable falls back to "my only home" and no loan. */
export function costQueryOf(search: Readonly<Record<string, unknown>>): CostQuery {
  const loan = search.loan === '' || search.loan === undefined ? null : search.loan;
  return costQuerySchema.parse({ buyer: search.buyer, loan });
}
