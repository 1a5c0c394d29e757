/**
 * One day's timetable as connections (a vehicle leaving one stop and reaching the next),
 * built from the trips of one or more GTFS feeds that run that day. A trip of the day before
 * runs on into this one with its times past 24:00 (`25:10:00` is 01:10 today), so the
 * previous service day's trips come too, shifted by a day. A trip with frequencies runs
 * every headway from each start time, its stop times taken relative to its first departure.
 * Stops of all feeds share one index, so a bus stop of one operator next to a station of
 * another is a change on foot.
 */

export const MODES = ['train', 'bus', 'tram', 'metro', 'boat'] as const;
export type Mode = (typeof MODES)[number];

/** GTFS route_type (basic and extended) as the mode a visitor is told. */
export function modeOf(routeType: number): Mode {
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return 'train';
  if (routeType === 0 || routeType === 5 || (routeType >= 900 && routeType < 1000)) return 'tram';
  if (routeType === 1 || (routeType >= 400 && routeType < 500)) return 'metro';
  if (routeType === 4 || (routeType >= 1000 && routeType < 1300)) return 'boat';
  return 'bus';
}

/** `HH:MM:SS` (hours may pass 24, or have one digit) as seconds after the service day's start; NaN when empty or malformed. */
export function parseGtfsTime(text: string): number {
  const m = /^\s*(\d{1,3}):([0-5]\d):([0-5]\d)\s*$/.exec(text);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number.NaN;
}

export const DAY_SECONDS = 86_400;

export interface TransitStop {
  /** The feed's own id, and its parent station's when it is a platform ('' otherwise). */
  id: string;
  parentId: string;
  /** The station's name for a platform ("Namur", not "Namur quai 3"). */
  name: string;
  lat: number;
  lng: number;
}

export interface Timetable {
  stops: TransitStop[];
  /** Connections in order of departure, latest first (the backward scan's order). */
  from: Uint32Array;
  to: Uint32Array;
  dep: Int32Array;
  arr: Int32Array;
  trip: Uint32Array;
  mode: Uint8Array;
  /** Whether a traveller may board at `from` and leave at `to` (pickup_type / drop_off_type 1 say no). */
  board: Uint8Array;
  alight: Uint8Array;
  trips: number;
}

class Growing {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  get(i: number): number {
    return this.data[i] ?? 0;
  }
}

export interface StopRow {
  stop_id?: string;
  stop_name?: string;
  stop_lat?: string;
  stop_lon?: string;
  parent_station?: string;
  location_type?: string;
}

/**
 * Gathers feeds for one day and builds its connections. Only trips registered with the day
 * offsets they run on keep their stop times: a national feed's 3 million rows are read once
 * and mostly dropped.
 */
export class TimetableBuilder {
  readonly stops: TransitStop[] = [];
  private readonly stopIndex = new Map<string, number>();
  private readonly tripIndex = new Map<string, number>();
  private readonly tripModes: number[] = [];
  private readonly tripOffsets: number[][] = [];
  private readonly tripFrequencies: { start: number; end: number; headway: number }[][] = [];
  private readonly rows = { trip: new Growing(), seq: new Growing(), stop: new Growing(), arr: new Growing(), dep: new Growing(), flags: new Growing() };

  /** Adds a feed's stops; platforms take their station's name. */
  addStops(feed: string, rows: readonly StopRow[]): void {
    const names = new Map(rows.map((row) => [row.stop_id ?? '', row.stop_name?.trim() ?? '']));
    for (const row of rows) {
      const id = row.stop_id ?? '';
      const lat = Number(row.stop_lat);
      const lng = Number(row.stop_lon);
      const type = row.location_type?.trim() ?? '';
      // Entrances, nodes and boarding areas are no place a trip stops.
      if (type !== '' && type !== '0' && type !== '1') continue;
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      const parentId = row.parent_station?.trim() ?? '';
      const name = (parentId && names.get(parentId)) || row.stop_name?.trim() || id;
      this.stopIndex.set(`${feed}\u0000${id}`, this.stops.length);
      this.stops.push({ id, parentId, name, lat, lng });
    }
  }

  /** A trip that runs on the day (offset 0) and/or runs on into it from the day before (offset −24 h). */
  addTrip(feed: string, tripId: string, routeType: number, offsets: readonly number[]): void {
    if (offsets.length === 0) return;
    this.tripIndex.set(`${feed}\u0000${tripId}`, this.tripModes.length);
    this.tripModes.push(MODES.indexOf(modeOf(routeType)));
    this.tripOffsets.push([...offsets]);
    this.tripFrequencies.push([]);
  }

  addFrequency(feed: string, tripId: string, start: number, end: number, headway: number): void {
    const trip = this.tripIndex.get(`${feed}\u0000${tripId}`);
    if (trip === undefined || !(headway > 0) || !(end > start)) return;
    this.tripFrequencies[trip]?.push({ start, end, headway });
  }

  /** One row of stop_times.txt; a trip that does not run or a stop without a position is left out. */
  addStopTime(feed: string, tripId: string, sequence: number, stopId: string, arrival: number, departure: number, pickup: string, dropOff: string): void {
    const trip = this.tripIndex.get(`${feed}\u0000${tripId}`);
    if (trip === undefined) return;
    const stop = this.stopIndex.get(`${feed}\u0000${stopId}`);
    if (stop === undefined || !Number.isFinite(sequence)) return;
    // A stop time without times (not a timepoint) is not where the timetable can be trusted.
    const arr = Number.isFinite(arrival) ? arrival : departure;
    const dep = Number.isFinite(departure) ? departure : arrival;
    if (!Number.isFinite(arr) || !Number.isFinite(dep)) return;
    const rows = this.rows;
    rows.trip.push(trip);
    rows.seq.push(sequence);
    rows.stop.push(stop);
    rows.arr.push(arr);
    rows.dep.push(dep);
    rows.flags.push((pickup.trim() === '1' ? 1 : 0) | (dropOff.trim() === '1' ? 2 : 0));
  }

  get stopTimes(): number {
    return this.rows.trip.length;
  }

  /** The day's connections leaving within [from, to] seconds of the day. */
  build(window: { from: number; to: number }): Timetable {
    const rows = this.rows;
    const order = new Uint32Array(rows.trip.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => rows.trip.get(a) - rows.trip.get(b) || rows.seq.get(a) - rows.seq.get(b));
    const out = { from: new Growing(), to: new Growing(), dep: new Growing(), arr: new Growing(), trip: new Growing(), mode: new Growing(), flags: new Growing() };
    let copies = 0;
    for (let start = 0; start < order.length;) {
      const trip = rows.trip.get(order[start] ?? 0);
      let end = start;
      while (end < order.length && rows.trip.get(order[end] ?? 0) === trip) end++;
      const first = rows.dep.get(order[start] ?? 0);
      const frequencies = this.tripFrequencies[trip] ?? [];
      const shifts: number[] = [];
      if (frequencies.length === 0) shifts.push(0);
      for (const f of frequencies) for (let t = f.start; t < f.end; t += f.headway) shifts.push(t - first);
      for (const offset of this.tripOffsets[trip] ?? []) {
        for (const shift of shifts) {
          const copy = copies++;
          for (let k = start; k + 1 < end; k++) {
            const a = order[k] ?? 0;
            const b = order[k + 1] ?? 0;
            const dep = rows.dep.get(a) + shift + offset;
            const arr = rows.arr.get(b) + shift + offset;
            if (dep < window.from || dep > window.to || arr > window.to || arr < dep) continue;
            out.from.push(rows.stop.get(a));
            out.to.push(rows.stop.get(b));
            out.dep.push(dep);
            out.arr.push(arr);
            out.trip.push(copy);
            out.mode.push(this.tripModes[trip] ?? 1);
            out.flags.push((rows.flags.get(a) & 1 ? 0 : 1) | (rows.flags.get(b) & 2 ? 0 : 2));
          }
        }
      }
      start = end;
    }
    // Latest departure first; a trip's later hop first among equal times (a hop of 0 minutes).
    const n = out.from.length;
    const sorted = new Uint32Array(n);
    for (let i = 0; i < n; i++) sorted[i] = i;
    sorted.sort((a, b) => out.dep.get(b) - out.dep.get(a) || out.trip.get(a) - out.trip.get(b) || b - a);
    const pick = <T extends Uint32Array | Int32Array | Uint8Array>(make: (n: number) => T, source: Growing, map: (v: number) => number = (v) => v): T => {
      const target = make(n);
      for (let i = 0; i < n; i++) target[i] = map(source.get(sorted[i] ?? 0));
      return target;
    };
    return {
      stops: this.stops,
      from: pick((k) => new Uint32Array(k), out.from),
      to: pick((k) => new Uint32Array(k), out.to),
      dep: pick((k) => new Int32Array(k), out.dep),
      arr: pick((k) => new Int32Array(k), out.arr),
      trip: pick((k) => new Uint32Array(k), out.trip),
      mode: pick((k) => new Uint8Array(k), out.mode),
      board: pick(
        (k) => new Uint8Array(k),
        out.flags,
        (v) => v & 1,
      ),
      alight: pick(
        (k) => new Uint8Array(k),
        out.flags,
        (v) => (v & 2) >> 1,
      ),
      trips: copies,
    };
  }
}
