/**
 * A date a visitor types (an offer's signing date, a moving date) as `YYYY-MM-DD`: it must
 * exist in the calendar (no 30 February, no month 00) and fall within a plausible span of
 * years around today, so a typo such as 0202 or 20277 is caught where it is typed. One rule
 * serves the browser's check and the worker's.
 */

/** Years before and after the current one that a visitor's date may fall in. */
export const DATE_YEARS_BACK = 1;
export const DATE_YEARS_AHEAD = 5;

/** True when `value` is a real calendar day in the plausible span around `today`. */
export function isPlausibleDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const thisYear = today.getUTCFullYear();
  return exists && year >= thisYear - DATE_YEARS_BACK && year <= thisYear + DATE_YEARS_AHEAD;
}

/** The first and last day a date field offers (its `min` and `max`). */
export function plausibleDateRange(today: Date = new Date()): { min: string; max: string } {
  const year = today.getUTCFullYear();
  return { min: `${year - DATE_YEARS_BACK}-01-01`, max: `${year + DATE_YEARS_AHEAD}-12-31` };
}

/** Today's date in Belgium (YYYY-MM-DD): the day a Belgian form means by "today", wherever the server runs. */
export function brusselsToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
