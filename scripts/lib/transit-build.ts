/**
 * From operator feeds to the travel-time table: picks the typical weekday every feed is
 * valid on, keeps the trips that run that day (and those of the day before that run on past
 * midnight), reads their stop times as a stream, and scans once per hub.
 */
import { TimetableBuilder, parseGtfsTime, DAY_SECONDS } from '../../content/transit/timetable.ts';
import { ServiceCalendar, addDays, commonValidity, isoDay, typicalWeekday, type CalendarDateRow, type CalendarRow, type FeedDays } from '../../content/transit/calendar.ts';
import { buildTransitTable, clockSeconds, type TransitSettings, type TransitTable } from '../../content/transit/table.ts';
import { allRows, type GtfsFeed } from './gtfs-feed.ts';

export interface BuildReport {
  table: TransitTable;
  missingHubs: string[];
  stops: number;
  stopTimesKept: number;
  connections: number;
  seconds: { read: number; scan: number };
}

interface ReadFeed {
  feed: GtfsFeed;
  days: FeedDays;
  trips: { trip_id: string; route_id: string; service_id: string }[];
  routeTypes: Map<string, number>;
}

async function readFeed(feed: GtfsFeed): Promise<ReadFeed> {
  const [calendar, dates, trips, routes, info] = await Promise.all([
    allRows(feed, 'calendar.txt'),
    allRows(feed, 'calendar_dates.txt'),
    allRows(feed, 'trips.txt'),
    allRows(feed, 'routes.txt'),
    allRows(feed, 'feed_info.txt'),
  ]);
  const services = new ServiceCalendar(calendar as unknown as CalendarRow[], dates as unknown as CalendarDateRow[]);
  const tripsPerService = new Map<string, number>();
  for (const trip of trips) tripsPerService.set(trip.service_id ?? '', (tripsPerService.get(trip.service_id ?? '') ?? 0) + 1);
  const from = isoDay(info[0]?.feed_start_date ?? '');
  const to = isoDay(info[0]?.feed_end_date ?? '');
  const validity = from && to ? { from, to } : services.span();
  return {
    feed,
    days: { calendar: services, tripsPerService, validity },
    trips: trips.map((t) => ({ trip_id: t.trip_id ?? '', route_id: t.route_id ?? '', service_id: t.service_id ?? '' })),
    routeTypes: new Map(routes.map((r) => [r.route_id ?? '', Number(r.route_type)])),
  };
}

export class TransitBuildError extends Error {}

export async function buildFromFeeds(feeds: readonly GtfsFeed[], settings: TransitSettings, options: { on: string; builtAt?: string }): Promise<BuildReport> {
  const started = performance.now();
  const read = await Promise.all(feeds.map(readFeed));
  const validity = commonValidity(read.map((r) => r.days));
  if (!validity)
    throw new TransitBuildError(
      `the feeds are not valid on a common day (${read.map((r) => `${r.feed.name}: ${r.days.validity ? `${r.days.validity.from} to ${r.days.validity.to}` : 'no dates'}`).join('; ')})`,
    );
  const day = typicalWeekday(
    read.map((r) => r.days),
    options.on,
  );
  if (!day) throw new TransitBuildError(`no Tuesday, Wednesday or Thursday within four weeks of ${options.on} on which every feed is valid (${validity.from} to ${validity.to})`);
  const before = addDays(day, -1);
  const builder = new TimetableBuilder();
  for (const { feed, days, trips, routeTypes } of read) {
    builder.addStops(feed.name, await allRows(feed, 'stops.txt'));
    for (const trip of trips) {
      const offsets: number[] = [];
      if (days.calendar.runsOn(trip.service_id, day)) offsets.push(0);
      if (days.calendar.runsOn(trip.service_id, before)) offsets.push(-DAY_SECONDS);
      builder.addTrip(feed.name, trip.trip_id, routeTypes.get(trip.route_id) ?? 3, offsets);
    }
    for await (const f of feed.rows('frequencies.txt')) builder.addFrequency(feed.name, f.trip_id ?? '', parseGtfsTime(f.start_time ?? ''), parseGtfsTime(f.end_time ?? ''), Number(f.headway_secs));
    for await (const st of feed.rows('stop_times.txt'))
      builder.addStopTime(
        feed.name,
        st.trip_id ?? '',
        Number(st.stop_sequence),
        st.stop_id ?? '',
        parseGtfsTime(st.arrival_time ?? ''),
        parseGtfsTime(st.departure_time ?? ''),
        st.pickup_type ?? '',
        st.drop_off_type ?? '',
      );
  }
  // A journey arriving in the window may leave up to three hours before its start.
  const timetable = builder.build({ from: clockSeconds(settings.earliest) - 3 * 3600, to: clockSeconds(settings.arriveBy) });
  const readSeconds = (performance.now() - started) / 1000;
  const { table, missingHubs } = buildTransitTable({
    timetable,
    settings,
    day,
    validFrom: validity.from,
    validTo: validity.to,
    feeds: read.map((r) => ({ name: r.feed.name, validFrom: r.days.validity?.from ?? validity.from, validTo: r.days.validity?.to ?? validity.to })),
    builtAt: options.builtAt ?? new Date().toISOString(),
  });
  return {
    table,
    missingHubs,
    stops: timetable.stops.length,
    stopTimesKept: builder.stopTimes,
    connections: timetable.from.length,
    seconds: { read: readSeconds, scan: (performance.now() - started) / 1000 - readSeconds },
  };
}
