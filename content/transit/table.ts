/**
 * The travel-time table: what a timetable build leaves for the publish. For each hub the
 * agency names, each stop's fastest journey there on the typical weekday; and the stops'
 * names and positions. Never the feeds themselves: their licences (NMBS/SNCB's among them)
 * forbid passing the data on, and a page needs only a listing's own journeys, which the
 * publish computes from this table (journeysFrom).
 */
import * as z from 'zod';
import { MODES, type Timetable } from './timetable.ts';
import { footpathsOf, journeysToHub } from './profile.ts';
import { WalkGrid, type WalkRule } from './walk.ts';

const Clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** The agency's hubs and how journeys to them are counted (site.json `transit`). */
export const TransitSettings = z.strictObject({
  hubs: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a lowercase id, e.g. brussels'),
        name: z.strictObject({ nl: z.string().min(1), fr: z.string().min(1), en: z.string().min(1), de: z.string().min(1) }),
        /** The feeds' stop ids that are the hub (a station's own id takes its platforms). */
        stopIds: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(1)
    .max(6),
  arriveBy: Clock.default('09:00'),
  /** A journey arriving before this is not a commute (a night train); its figures would mislead. */
  earliest: Clock.default('06:00'),
  /** From a listing to its stop: the longest walk anyone is told to take. */
  walk: z
    .strictObject({ maxMeters: z.number().int().min(100).max(5000).default(1500), detourFactor: z.number().min(1).max(3).default(1.3), metersPerMinute: z.number().min(30).max(150).default(80) })
    .prefault({}),
  /** Changing vehicles: at most this walk between stops, at least this long. */
  changeWalkMeters: z.number().int().min(0).max(1500).default(400),
  changeMinutes: z.number().int().min(0).max(15).default(2),
});
export type TransitSettings = z.infer<typeof TransitSettings>;

/** Seconds of the day of an HH:MM. */
export function clockSeconds(clock: string): number {
  const [h = '0', m = '0'] = clock.split(':');
  return Number(h) * 3600 + Number(m) * 60;
}

/** A journey from a stop: [stop index, departure (seconds of the day), duration (seconds), changes, mode index]. */
const StopJourneyRow = z.tuple([
  z.number().int().nonnegative(),
  z.number().int(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z
    .number()
    .int()
    .min(0)
    .max(MODES.length - 1),
]);

export const TransitTable = z.strictObject({
  format: z.literal(1),
  builtAt: z.string(),
  /** The weekday the journeys are of, and the days every feed it was built from is valid. */
  day: z.iso.date(),
  validFrom: z.iso.date(),
  validTo: z.iso.date(),
  arriveBy: Clock,
  earliest: Clock,
  feeds: z.array(z.strictObject({ name: z.string(), validFrom: z.iso.date(), validTo: z.iso.date() })),
  /** [name, latitude, longitude] of every stop a journey starts from or ends at. */
  stops: z.array(z.tuple([z.string(), z.number().min(-90).max(90), z.number().min(-180).max(180)])),
  hubs: z.array(z.strictObject({ id: z.string(), stops: z.array(z.number().int().nonnegative()), journeys: z.array(StopJourneyRow) })),
});
export type TransitTable = z.infer<typeof TransitTable>;

export interface TableBuild {
  timetable: Timetable;
  settings: TransitSettings;
  day: string;
  validFrom: string;
  validTo: string;
  feeds: TransitTable['feeds'];
  builtAt: string;
}

/** The stops of the timetable that are each hub: its own ids, and the platforms of a station named. */
export function hubStopsOf(timetable: Pick<Timetable, 'stops'>, stopIds: readonly string[]): Set<number> {
  const wanted = new Set(stopIds);
  const found = new Set<number>();
  timetable.stops.forEach((stop, i) => {
    if (wanted.has(stop.id) || (stop.parentId !== '' && wanted.has(stop.parentId))) found.add(i);
  });
  return found;
}

/** One profile scan per hub; the table keeps only the stops some journey uses. */
export function buildTransitTable(input: TableBuild): { table: TransitTable; missingHubs: string[] } {
  const { timetable, settings } = input;
  const change: WalkRule = { maxMeters: settings.changeWalkMeters, detourFactor: settings.walk.detourFactor, metersPerMinute: settings.walk.metersPerMinute };
  const paths = footpathsOf(timetable.stops, change);
  const rule = { arriveBy: clockSeconds(settings.arriveBy), earliest: clockSeconds(settings.earliest), changeSeconds: settings.changeMinutes * 60 };
  const kept = new Map<number, number>();
  const stops: TransitTable['stops'] = [];
  const keep = (stop: number): number => {
    let index = kept.get(stop);
    if (index === undefined) {
      const s = timetable.stops[stop];
      index = stops.length;
      kept.set(stop, index);
      stops.push([s?.name ?? '', Math.round((s?.lat ?? 0) * 1e5) / 1e5, Math.round((s?.lng ?? 0) * 1e5) / 1e5]);
    }
    return index;
  };
  const missingHubs: string[] = [];
  const hubs: TransitTable['hubs'] = settings.hubs.map((hub) => {
    const hubStops = hubStopsOf(timetable, hub.stopIds);
    if (hubStops.size === 0) missingHubs.push(hub.id);
    const best = journeysToHub(timetable, paths, hubStops, rule);
    const journeys: TransitTable['hubs'][number]['journeys'] = [];
    best.forEach((journey, stop) => {
      if (journey) journeys.push([keep(stop), journey.dep, journey.arr - journey.dep, journey.changes, journey.mode]);
    });
    return { id: hub.id, stops: [...hubStops].map(keep), journeys };
  });
  return {
    table: {
      format: 1,
      builtAt: input.builtAt,
      day: input.day,
      validFrom: input.validFrom,
      validTo: input.validTo,
      arriveBy: settings.arriveBy,
      earliest: settings.earliest,
      feeds: input.feeds,
      stops,
      hubs,
    },
    missingHubs,
  };
}

/** A listing's fastest journey to one hub, as its page tells it. */
export interface ListingJourney {
  hub: string;
  /** Door to hub, walks included, rounded up. */
  minutes: number;
  changes: number;
  /** The first vehicle's mode, or `walk` when the hub is within a walk. */
  mode: (typeof MODES)[number] | 'walk';
  /** The first vehicle's departure, HH:MM (the walk's start when the whole way is on foot). */
  departure: string;
  /** Where the listing's walk ends: the stop boarded, or the hub. */
  stop: string;
  lat: number;
  lng: number;
  walkMeters: number;
}

export type ListingTravel = { far: true } | { far: false; journeys: ListingJourney[]; unreachable: string[] };

function clockOf(seconds: number): string {
  const s = ((seconds % 86_400) + 86_400) % 86_400;
  return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
}

/** A table made ready to answer many listings: stops by position, each hub's journeys by stop. */
export class TravelIndex {
  private readonly finder: WalkGrid;
  private readonly byHub: { id: string; stops: readonly number[]; journeys: Map<number, TransitTable['hubs'][number]['journeys'][number]> }[];
  private readonly table: TransitTable;
  constructor(table: TransitTable, walk: WalkRule) {
    this.table = table;
    this.finder = new WalkGrid(
      table.stops.map(([, lat, lng]) => ({ lat, lng })),
      walk,
    );
    this.byHub = table.hubs.map((hub) => ({ id: hub.id, stops: hub.stops, journeys: new Map(hub.journeys.map((row) => [row[0], row])) }));
  }

  /** A point's fastest journey to each hub: walk to a stop, ride, change, arrive; or on foot when the hub is that close. */
  from(lat: number, lng: number): ListingTravel {
    const near = this.finder.near(lat, lng);
    if (near.length === 0) return { far: true };
    const journeys: ListingJourney[] = [];
    const unreachable: string[] = [];
    for (const hub of this.byHub) {
      let best: ListingJourney | null = null;
      let bestSeconds = Infinity;
      const onFoot = new Set(hub.stops);
      for (const walk of near) {
        const [name, sLat, sLng] = this.table.stops[walk.index] ?? ['', 0, 0];
        if (onFoot.has(walk.index) && walk.seconds < bestSeconds) {
          bestSeconds = walk.seconds;
          best = { hub: hub.id, minutes: Math.max(1, Math.ceil(walk.seconds / 60)), changes: 0, mode: 'walk', departure: '', stop: name, lat: sLat, lng: sLng, walkMeters: Math.round(walk.meters) };
          continue;
        }
        const row = hub.journeys.get(walk.index);
        if (!row) continue;
        const [, dep, duration, changes, mode] = row;
        const seconds = walk.seconds + duration;
        if (seconds > bestSeconds || (seconds === bestSeconds && best !== null && changes >= best.changes)) continue;
        bestSeconds = seconds;
        best = { hub: hub.id, minutes: Math.ceil(seconds / 60), changes, mode: MODES[mode] ?? 'bus', departure: clockOf(dep), stop: name, lat: sLat, lng: sLng, walkMeters: Math.round(walk.meters) };
      }
      if (best) journeys.push(best);
      else unreachable.push(hub.id);
    }
    return { far: false, journeys, unreachable };
  }
}
