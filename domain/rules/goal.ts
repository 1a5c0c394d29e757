import { BELGIUM } from './region.ts';

export type Goal = 'sale' | 'rent';

/**
 * True when the CRM goal means "for sale" (0); every other value, including null and '0' as a string, means rent.
 * Why: the CRM only guarantees 0 for sales, so the sale branch is the one that must be exact.
 */
export function isForSale(goal: unknown): boolean {
  return goal === 0;
}

/**
 * The goal as a word for routes, analytics and translations.
 * Why: numbers leak CRM details into URLs and templates.
 */
export function goalOf(goal: unknown): Goal {
  return isForSale(goal) ? 'sale' : 'rent';
}

/**
 * The list a listing is on: abroad when it is not in Belgium (sales and rentals together,
 * the visitor choosing), otherwise Belgian sales or rentals by its goal.
 */
export function listGoalOfListing(listing: { countryId: number; goal: unknown }): 'sale' | 'rent' | 'abroad' {
  return listing.countryId !== BELGIUM ? 'abroad' : goalOf(listing.goal);
}
