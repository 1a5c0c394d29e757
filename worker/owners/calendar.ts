/**
 * Days as the agency counts them: calendar days in Belgium (Europe/Brussels), weeks from
 * Monday. Dates are `YYYY-MM-DD` strings, which sort and compare as text.
 */

const brussels = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Belgium for the instant `now`. */
export function brusselsDay(now: Date = new Date()): string {
  return brussels.format(now);
}

/** `day` moved by `delta` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, delta: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The `count` days ending with `day`, oldest first. */
export function lastDays(day: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(day, i - count + 1));
}
