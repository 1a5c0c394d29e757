import * as z from 'zod';
import { REGIONS, type Region } from './region.ts';
import { roundCents } from './money.ts';

const rate = z.number().min(0).max(1);
const euros = z.number().min(0);

/**
 * Registration-rights rates as published content, e.g. rates.date '2025-01-01', wallonia 0.125 / 0.03,
 * flanders 0.12 / 0.02, brussels 0.125 with a 200,000 exemption up to a 600,000 price. Rates are fractions (0.125 = 12.5%).
 * Why a schema: rates change by decree; the agency updates content, and publishing must reject a bad table.
 */
export const registrationRatesSchema = z.object({
  /** Date from which these rates apply, shown with the estimate. */
  date: z.iso.date(),
  wallonia: z.object({ standard: rate, soleOwnHome: rate }),
  flanders: z.object({ standard: rate, soleOwnHome: rate }),
  brussels: z.object({ standard: rate, exemption: euros, exemptionPriceCap: euros }),
});

export type RegistrationRates = z.infer<typeof registrationRatesSchema>;

export interface RegistrationInput {
  /** CRM Price; missing on price-on-demand properties. */
  price: number | null | undefined;
  region: Region | string | null | undefined;
  /** The buyer will live in it and owns no other home (enige eigen woning / habitation propre et unique). */
  soleOwnHome?: boolean | null | undefined;
}

export interface RegistrationRights {
  /** Rights due, rounded to cents. */
  amount: number;
  /** The rate applied to the taxed part of the price. */
  rate: number;
  region: Region;
  /** rates.date, so the page can say "rates of …". */
  ratesDate: string;
  /** Part of the price exempted (Brussels only), 0 elsewhere. */
  exempted: number;
}

function isRegion(value: unknown): value is Region {
  return REGIONS.some((region) => region === value);
}

/**
 * Estimates the registration rights on a purchase price.
 * Why: buyers see the cost next to the price; the rates are content so a decree does not need a deploy.
 * Wallonia and Flanders: soleOwnHome selects the reduced rate, otherwise standard, on the full price.
 * Brussels (our reading): the standard rate always; for a sole own home with a price up to and including
 * exemptionPriceCap, the first `exemption` euros are not taxed (a price below it pays 0). Above the cap the full
 * price is taxed: there is no sliding scale. null for a price that is not a positive finite number, an unknown
 * region, or rates that fail the schema.
 */
export function registrationRights(input: RegistrationInput, rates: RegistrationRates): RegistrationRights | null {
  const { price, region } = input;
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0 || !isRegion(region)) return null;
  const parsed = registrationRatesSchema.safeParse(rates);
  if (!parsed.success) return null;
  const table = parsed.data;
  const soleOwnHome = input.soleOwnHome === true;

  let rate: number;
  let exempted = 0;
  if (region === 'brussels') {
    rate = table.brussels.standard;
    if (soleOwnHome && price <= table.brussels.exemptionPriceCap) exempted = Math.min(price, table.brussels.exemption);
  } else {
    rate = soleOwnHome ? table[region].soleOwnHome : table[region].standard;
  }
  return { amount: roundCents((price - exempted) * rate), rate, region, ratesDate: table.date, exempted };
}
