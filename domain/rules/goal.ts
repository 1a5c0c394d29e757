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
