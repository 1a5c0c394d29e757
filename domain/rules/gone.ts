/**
 * When a sold or rented listing stops being shown (states): it stays
 * reachable with its state for a grace period, then answers 410 Gone and leaves the
 * sitemap and the lists. Day-granular (UTC) so a list, a detail and the sitemap agree.
 */

/** The UTC day `date` falls on, as YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The first UTC day on which a listing is gone, or null while it is on offer.
 * Why: computed once at publish so every request only compares two strings.
 * `since` is the ISO timestamp of the status change; an unreadable one keeps the listing
 * (with its state) rather than hiding it on a guess.
 */
export function goneOn(status: string, since: string, graceDays: number): string | null {
  if (status !== 'sold' && status !== 'rented') return null;
  const start = Date.parse(since.length === 10 ? `${since}T00:00:00Z` : since);
  if (Number.isNaN(start)) return null;
  return utcDay(new Date(start + Math.max(0, graceDays) * 86_400_000));
}

/** True when a listing with this `goneOn` day answers 410 on `today` (YYYY-MM-DD). */
export function isGone(gone: string | null | undefined, today: string): boolean {
  return typeof gone === 'string' && gone <= today;
}
