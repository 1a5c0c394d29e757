/**
 * The amounts a rental appointment confirmation states: the income asked of a
 * tenant, how many people may live there, and what is paid on signing. The agency calls them
 * placeholders; these are the agency's house rules, kept in one place so the booking
 * panel and the confirmation e-mail always agree.
 */
import { goalOf } from './goal.ts';
import { formatEuro } from './price.ts';

export interface RentalFigures {
  /** Monthly rent in euro. */
  rent: number;
  /** Monthly charges paid by the tenant, if known. */
  charges?: number | null;
  /** Cost of the move-in inventory, shared between owner and tenant. */
  inventoryCost?: number | null;
  bedrooms?: number | null;
  /** The deposit the listing states; three months' rent otherwise. */
  deposit?: number | null;
}

export interface RentalConditions {
  minIncome: number;
  maxPersons: number;
  firstRent: number;
  charges: number;
  inventoryShare: number;
  deposit: number;
}

/** Net income asked per month, as a multiple of rent plus charges. */
export const INCOME_MULTIPLE = 3;
/** A Belgian rental guarantee is at most three months' rent. */
export const DEPOSIT_MONTHS = 3;
/** The tenant pays half of the inventory (the owner the other half). */
export const INVENTORY_SHARE = 0.5;

/** Rounds up to the next 50 €: an income threshold reads better as 2,850 than 2,813. */
function roundUp50(amount: number): number {
  return Math.ceil(amount / 50) * 50;
}

/** The conditions of a rental appointment, from the listing's figures. */
export function rentalConditions(figures: RentalFigures): RentalConditions | null {
  const rent = figures.rent;
  if (!Number.isFinite(rent) || rent <= 0) return null;
  const charges = figures.charges && figures.charges > 0 ? figures.charges : 0;
  const bedrooms = figures.bedrooms && figures.bedrooms > 0 ? Math.floor(figures.bedrooms) : 0;
  return {
    minIncome: roundUp50(INCOME_MULTIPLE * (rent + charges)),
    // Two people per bedroom plus one; a studio houses two.
    maxPersons: bedrooms > 0 ? bedrooms * 2 + 1 : 2,
    firstRent: rent,
    charges,
    inventoryShare: Math.round((figures.inventoryCost && figures.inventoryCost > 0 ? figures.inventoryCost : 0) * INVENTORY_SHARE),
    deposit: figures.deposit && figures.deposit > 0 ? figures.deposit : rent * DEPOSIT_MONTHS,
  };
}

const amount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The conditions of a rental listing as the detail page carries it; null for a sale or without rent. */
export function rentalConditionsOf(property: { card: { price: number | null; bedrooms: number | null; goal: number }; fields: Record<string, unknown> }): RentalConditions | null {
  if (goalOf(property.card.goal) !== 'rent' || property.card.price === null) return null;
  return rentalConditions({
    rent: property.card.price,
    charges: amount(property.fields.ChargesRenter),
    inventoryCost: amount(property.fields.InventoryCost),
    deposit: amount(property.fields.DepositAmount),
    bedrooms: property.card.bedrooms,
  });
}

/** The sentence of the booking panel and the confirmation e-mail, amounts formatted the Belgian way. */
export function rentalConditionsText(t: (key: string, params?: Record<string, string | number>) => string, c: RentalConditions): string {
  return t('APPOINTMENT_RENTAL_CONDITIONS', {
    income: formatEuro(c.minIncome),
    persons: c.maxPersons,
    rent: formatEuro(c.firstRent),
    charges: formatEuro(c.charges),
    inventory: formatEuro(c.inventoryShare),
    deposit: formatEuro(c.deposit),
  });
}
