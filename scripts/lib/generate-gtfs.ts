/**
 * Generated GTFS feeds of Belgian size for the timetable build's benchmark: a train feed
 * (a station in each of 550 towns, 60 lines, a train every half hour each way) and a bus feed
 * (60,000 stops around 600 towns, lines that start at the station, about 3 million stop times
 * in all), with weekday, Saturday and Sunday services, holidays and trips past midnight, as
 * the operators' own feeds have. Deterministic (seeded), written as zips by fflate's stream.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';
import { mulberry32 } from './prng.ts';

export interface GeneratedFeeds {
  trains: string;
  buses: string;
  stops: number;
  stopTimes: number;
  hubs: { id: string; stopIds: string[]; name: string }[];
}

const encoder = new TextEncoder();

/** A zip written member by member, its text pushed in chunks so no member is held whole. */
class ZipWriter {
  private readonly out;
  private readonly zip: Zip;
  private pending: Promise<unknown> = Promise.resolve();
  private done: Promise<void>;
  constructor(path: string) {
    this.out = createWriteStream(path);
    let finish: () => void = () => undefined;
    this.done = new Promise((resolve) => (finish = resolve));
    this.zip = new Zip((error, chunk, final) => {
      if (error) throw error;
      if (!this.out.write(chunk)) this.pending = once(this.out, 'drain');
      if (final) this.out.end(finish);
    });
  }
  async file(name: string, header: string, rows: Iterable<string>): Promise<number> {
    const member = new ZipDeflate(name, { level: 1 });
    this.zip.add(member);
    let buffer = `${header}\n`;
    let count = 0;
    for (const row of rows) {
      buffer += `${row}\n`;
      count++;
      if (buffer.length > 1 << 20) {
        member.push(encoder.encode(buffer));
        buffer = '';
        await this.pending;
      }
    }
    member.push(encoder.encode(buffer), true);
    await this.pending;
    return count;
  }
  async close(): Promise<void> {
    this.zip.end();
    await this.done;
  }
}

const clock = (seconds: number) => `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:00`;

const CALENDAR = [
  'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
  'WD,1,1,1,1,1,0,0,20261201,20270630',
  'SAT,0,0,0,0,0,1,0,20261201,20270630',
  'SUN,0,0,0,0,0,0,1,20261201,20270630',
];
const HOLIDAYS = ['20261225', '20270101', '20270329', '20270501'];

export async function generateBelgianFeeds(dir: string, seed = 42): Promise<GeneratedFeeds> {
  const random = mulberry32(seed);
  const towns = Array.from({ length: 600 }, (_, i) =>
    i === 0 ? { lat: 50.8454, lng: 4.3571 } : i === 1 ? { lat: 50.4683, lng: 4.8625 } : i === 2 ? { lat: 50.6245, lng: 5.5668 } : { lat: 49.6 + random() * 1.8, lng: 2.7 + random() * 3.6 },
  );
  const hubs = [
    { id: 'brussels', stopIds: ['S0'], name: 'Bruxelles-Central' },
    { id: 'namur', stopIds: ['S1'], name: 'Namur' },
    { id: 'liege', stopIds: ['S2'], name: 'Liège-Guillemins' },
  ];
  // Trains: a station in each of the first 550 towns; lines are chains of nearest stations through a hub.
  const stations = towns.slice(0, 550);
  const trains = new ZipWriter(`${dir}/trains.zip`);
  await trains.file('agency.txt', 'agency_id,agency_name,agency_url,agency_timezone', ['T,Trains (generated),https://example.invalid/,Europe/Brussels']);
  await trains.file('feed_info.txt', 'feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date', ['generated,https://example.invalid/,fr,20261201,20270630']);
  await trains.file(
    'stops.txt',
    'stop_id,stop_name,stop_lat,stop_lon',
    stations.map((s, i) => `S${i},Station ${i},${s.lat.toFixed(5)},${s.lng.toFixed(5)}`),
  );
  await trains.file('calendar.txt', CALENDAR[0] ?? '', CALENDAR.slice(1));
  await trains.file(
    'calendar_dates.txt',
    'service_id,date,exception_type',
    HOLIDAYS.flatMap((d) => [`WD,${d},2`, `SUN,${d},1`]),
  );
  const lines: number[][] = [];
  for (let l = 0; l < 60; l++) {
    const start = l % 3;
    const chain = [start];
    const used = new Set(chain);
    let at = Math.floor(random() * stations.length);
    while (chain.length < 12) {
      // Towards a random station, picking the nearest unused one each time.
      const from = stations[at] as { lat: number; lng: number };
      let best = -1;
      let bestD = Infinity;
      for (let k = 0; k < 40; k++) {
        const j = Math.floor(random() * stations.length);
        const s = stations[j] as { lat: number; lng: number };
        const d = (s.lat - from.lat) ** 2 + (s.lng - from.lng) ** 2;
        if (!used.has(j) && d < bestD) {
          best = j;
          bestD = d;
        }
      }
      if (best < 0) break;
      chain.push(best);
      used.add(best);
      at = best;
    }
    lines.push(chain);
  }
  await trains.file(
    'routes.txt',
    'route_id,agency_id,route_short_name,route_type',
    lines.map((_, l) => `L${l},T,IC${l},2`),
  );
  const trainTrips: string[] = [];
  const trainTimes: string[] = [];
  lines.forEach((chain, l) => {
    for (const direction of [0, 1]) {
      const stops = direction === 0 ? chain : [...chain].reverse();
      for (const [service, every] of [
        ['WD', 1800],
        ['SAT', 3600],
        ['SUN', 3600],
      ] as const) {
        for (let t = 5 * 3600 + l * 60; t <= 23 * 3600 + 30 * 60; t += every) {
          const trip = `L${l}_${direction}_${service}_${t}`;
          trainTrips.push(`L${l},${service},${trip}`);
          let time = t;
          stops.forEach((station, seq) => {
            trainTimes.push(`${trip},${clock(time)},${clock(time + (seq === 0 ? 0 : 60))},S${station},${seq + 1}`);
            time += 60 + 8 * 60 + Math.floor(random() * 6) * 60;
          });
        }
      }
    }
  });
  await trains.file('trips.txt', 'route_id,service_id,trip_id', trainTrips);
  let stopTimes = await trains.file('stop_times.txt', 'trip_id,arrival_time,departure_time,stop_id,stop_sequence', trainTimes);
  await trains.close();

  // Buses: 100 stops around each town, the first beside its station; 12 lines of 25 stops per town.
  const buses = new ZipWriter(`${dir}/buses.zip`);
  await buses.file('agency.txt', 'agency_id,agency_name,agency_url,agency_timezone', ['B,Buses (generated),https://example.invalid/,Europe/Brussels']);
  await buses.file('feed_info.txt', 'feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date', ['generated,https://example.invalid/,fr,20261201,20270630']);
  const busStops: { lat: number; lng: number }[][] = towns.map((town) =>
    Array.from({ length: 100 }, (_, k) => {
      if (k === 0) return { lat: town.lat + 0.0008, lng: town.lng + 0.0008 };
      const r = 0.03 * Math.sqrt(random());
      const a = random() * 2 * Math.PI;
      return { lat: town.lat + r * Math.sin(a), lng: town.lng + (r * Math.cos(a)) / 0.64 };
    }),
  );
  const stopCount = await buses.file(
    'stops.txt',
    'stop_id,stop_name,stop_lat,stop_lon',
    (function* () {
      for (const [t, list] of busStops.entries()) for (const [k, s] of list.entries()) yield `B${t}_${k},Arrêt ${t}/${k},${s.lat.toFixed(5)},${s.lng.toFixed(5)}`;
    })(),
  );
  await buses.file('calendar.txt', CALENDAR[0] ?? '', CALENDAR.slice(1));
  await buses.file(
    'calendar_dates.txt',
    'service_id,date,exception_type',
    HOLIDAYS.map((d) => `WD,${d},2`),
  );
  await buses.file(
    'routes.txt',
    'route_id,agency_id,route_short_name,route_type',
    (function* () {
      for (let t = 0; t < towns.length; t++) for (let l = 0; l < 12; l++) yield `R${t}_${l},B,${l + 1},3`;
    })(),
  );
  const busLine = (t: number, l: number): number[] => {
    const line = [0];
    for (let k = 0; k < 24; k++) line.push(1 + ((l * 8 + k * 5 + Math.floor(random() * 3)) % 99));
    return line;
  };
  const busTrips: string[] = [];
  const frequencies: string[] = [];
  stopTimes += await buses.file(
    'stop_times.txt',
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    (function* () {
      for (let t = 0; t < towns.length; t++)
        for (let l = 0; l < 12; l++) {
          const line = busLine(t, l);
          for (const [service, count, first] of [
            ['WD', 10, 5.5 * 3600],
            ['SAT', 4, 7 * 3600],
            ['SUN', 3, 8 * 3600],
          ] as const) {
            for (let n = 0; n < count; n++) {
              const inbound = n % 2 === 0;
              const stops = inbound ? [...line].reverse() : line;
              // The last weekday run leaves at 23:40 and ends past midnight (24:xx), as night buses do.
              const start = service === 'WD' && n === count - 1 ? 23 * 3600 + 40 * 60 : first + n * 5400 + (l % 6) * 300;
              const trip = `R${t}_${l}_${service}_${n}`;
              busTrips.push(`R${t}_${l},${service},${trip}`);
              // A few lines run every ten minutes in the morning, from their first weekday trip.
              if (service === 'WD' && n === 0 && l === 0 && t % 10 === 0) frequencies.push(`${trip},06:00:00,09:00:00,600`);
              let time = start;
              for (const [seq, k] of stops.entries()) {
                yield `${trip},${clock(time)},${clock(time)},B${t}_${k},${seq + 1}`;
                time += 60 + Math.floor(random() * 3) * 60;
              }
            }
          }
        }
    })(),
  );
  await buses.file('trips.txt', 'route_id,service_id,trip_id', busTrips);
  await buses.file('frequencies.txt', 'trip_id,start_time,end_time,headway_secs', frequencies);
  await buses.close();
  return { trains: `${dir}/trains.zip`, buses: `${dir}/buses.zip`, stops: stations.length + stopCount, stopTimes, hubs };
}
