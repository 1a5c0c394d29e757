/**
 * Which trips of a GTFS feed run on a day. A service runs on its weekdays between its
 * start and end dates (calendar.txt), except on the days calendar_dates.txt removes, and on
 * the days it adds; a feed may have only calendar_dates. Days are ISO (YYYY-MM-DD) here;
 * GTFS writes them YYYYMMDD.
 */

export interface CalendarRow {
  service_id: string;
  monday: string;
  tuesday: string;
  wednesday: string;
  thursday: string;
  friday: string;
  saturday: string;
  sunday: string;
  start_date: string;
  end_date: string;
}

export interface CalendarDateRow {
  service_id: string;
  date: string;
  exception_type: string;
}

/** GTFS's YYYYMMDD as an ISO day, or null when it is not a date. */
export function isoDay(gtfsDate: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(gtfsDate.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? null : day;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const WEEKDAY_COLUMNS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export class ServiceCalendar {
  private readonly weekly = new Map<string, { days: boolean[]; from: string; to: string }>();
  private readonly added = new Map<string, Set<string>>();
  private readonly removed = new Map<string, Set<string>>();

  constructor(calendar: readonly CalendarRow[], dates: readonly CalendarDateRow[]) {
    for (const row of calendar) {
      const from = isoDay(row.start_date);
      const to = isoDay(row.end_date);
      if (!from || !to) continue;
      this.weekly.set(row.service_id, { days: WEEKDAY_COLUMNS.map((column) => row[column]?.trim() === '1'), from, to });
    }
    for (const row of dates) {
      const day = isoDay(row.date);
      if (!day) continue;
      const into = row.exception_type.trim() === '1' ? this.added : row.exception_type.trim() === '2' ? this.removed : null;
      if (!into) continue;
      const days = into.get(day) ?? new Set<string>();
      days.add(row.service_id);
      into.set(day, days);
    }
  }

  runsOn(serviceId: string, day: string): boolean {
    if (this.removed.get(day)?.has(serviceId)) return false;
    if (this.added.get(day)?.has(serviceId)) return true;
    const weekly = this.weekly.get(serviceId);
    return weekly !== undefined && day >= weekly.from && day <= weekly.to && weekly.days[weekdayOf(day)] === true;
  }

  /** The first and last day any service runs, as the calendars say (null for an empty feed). */
  span(): { from: string; to: string } | null {
    const days = [...[...this.weekly.values()].flatMap((w) => [w.from, w.to]), ...this.added.keys()].sort();
    const from = days[0];
    const to = days.at(-1);
    return from && to ? { from, to } : null;
  }
}

/** A feed's calendar with how many trips each service has: what the typical day is chosen by. */
export interface FeedDays {
  calendar: ServiceCalendar;
  tripsPerService: ReadonlyMap<string, number>;
  /** feed_info's validity when it gives one, else the calendars' span. */
  validity: { from: string; to: string } | null;
}

export function tripsOn(feed: FeedDays, day: string): number {
  let trips = 0;
  for (const [service, count] of feed.tripsPerService) if (feed.calendar.runsOn(service, day)) trips += count;
  return trips;
}

/** The days every feed is valid: the latest start and the earliest end (null when they do not meet). */
export function commonValidity(feeds: readonly FeedDays[]): { from: string; to: string } | null {
  let from = '';
  let to = '9999-12-31';
  for (const feed of feeds) {
    if (!feed.validity) return null;
    if (feed.validity.from > from) from = feed.validity.from;
    if (feed.validity.to < to) to = feed.validity.to;
  }
  return from !== '' && from <= to ? { from, to } : null;
}

/**
 * The typical weekday of the coming weeks: of the Tuesdays, Wednesdays and Thursdays within
 * `weeks` of `from` on which every feed is valid, the one with the most trips (a school or
 * public holiday runs fewer), the earliest of equals. Mondays and Fridays are left out: their
 * timetables are often the exception. Null when no such day exists.
 */
export function typicalWeekday(feeds: readonly FeedDays[], from: string, weeks = 4): string | null {
  const valid = commonValidity(feeds);
  if (!valid) return null;
  let best: string | null = null;
  let most = 0;
  const start = from > valid.from ? from : valid.from;
  for (let i = 0; i < weeks * 7; i++) {
    const day = addDays(start, i);
    if (day > valid.to) break;
    const weekday = weekdayOf(day);
    if (weekday < 2 || weekday > 4) continue;
    const trips = feeds.reduce((sum, feed) => sum + tripsOn(feed, day), 0);
    if (trips > most) {
      most = trips;
      best = day;
    }
  }
  return best;
}
