/**
 * The demo's hand-made feeds (content/demo/gtfs: SNCB trains, TEC buses) against journeys
 * worked out by hand from their timetables. The typical day is Tuesday 1 December 2026.
 * Changing takes 2 minutes, or the walk between stops (Namur Gare des bus to the station:
 * 172 m, 128 s).
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { openFeed } from './gtfs-feed.ts';
import { buildFromFeeds } from './transit-build.ts';
import { TransitSettings, TransitTable, TravelIndex } from '../../content/transit/table.ts';
import { metersBetween } from '../../content/transit/walk.ts';

const site = JSON.parse(await readFile('content/demo/site.json', 'utf8')) as { transit: unknown };
const settings = TransitSettings.parse(site.transit);
const feeds = () => Promise.all(['content/demo/gtfs/sncb', 'content/demo/gtfs/tec'].map(openFeed));
const report = await buildFromFeeds(await feeds(), settings, { on: '2026-11-28', builtAt: '2026-11-28T00:00:00Z' });
const table = report.table;

const clock = (seconds: number) => `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;
/** A stop's journey to a hub as [departure, minutes, changes, mode]. */
function journey(hub: string, stopName: string): [string, number, number, string] | null {
  const h = table.hubs.find((x) => x.id === hub);
  const rows = (h?.journeys ?? []).filter(([stop]) => table.stops[stop]?.[0] === stopName).sort((a, b) => a[2] - b[2]);
  const row = rows[0];
  return row ? [clock(row[1]), Math.round(row[2] / 60), row[3], ['train', 'bus', 'tram', 'metro', 'boat'][row[4]] ?? '?'] : null;
}

describe('the typical weekday', () => {
  it('is a Tuesday to Thursday with the most trips, never the holiday that runs the Sunday timetable', async () => {
    expect(table.day).toBe('2026-12-01');
    expect([table.validFrom, table.validTo]).toEqual(['2026-01-01', '2030-12-31']);
    // From 2 November, Armistice (Wednesday 11 November) runs fewer trains: the Tuesday before is chosen, and on
    // Wednesday 11 November itself the search would find only the Sunday train.
    const november = await buildFromFeeds(await feeds(), settings, { on: '2026-11-10', builtAt: 'x' });
    expect(november.table.day).toBe('2026-11-10');
    const holiday = await buildFromFeeds(await feeds(), settings, { on: '2026-11-11', builtAt: 'x' });
    expect(holiday.table.day).toBe('2026-11-12');
  });
});

describe('each stop’s fastest journey arriving 06:00–09:00, worked out by hand', () => {
  it.each([
    // Direct trains; of two equally fast, the later.
    ['brussels', 'Ciney', ['07:34', 74, 0, 'train']],
    ['brussels', 'Dinant', ['07:20', 82, 0, 'train']],
    ['brussels', 'Jambes', ['07:43', 59, 0, 'train']],
    ['brussels', 'Gembloux', ['08:04', 38, 0, 'train']],
    ['brussels', 'Namur', ['08:00', 48, 0, 'train']],
    // Bus 4 runs every 15 minutes (frequencies.txt): the 07:45 reaches Namur Gare des bus at 07:54, the walk to the
    // station takes 2 min 8 s, the 08:00 reaches Brussels at 08:48.
    ['brussels', 'Bouge Place', ['07:45', 63, 1, 'bus']],
    // The 06:30 bus to Dinant Gare, a change on foot to the 06:50 train.
    ['brussels', 'Dinant Rive droite', ['06:30', 102, 1, 'bus']],
    // Sorinnes' only useful bus is Monday's service coded 30:05: it runs on Tuesday at 06:05.
    ['brussels', 'Sorinnes Église', ['06:05', 127, 1, 'bus']],
    ['namur', 'Ciney', ['07:34', 24, 0, 'train']],
    ['namur', 'Jambes', ['07:43', 3, 0, 'train']],
    ['namur', 'Gembloux', ['07:53', 15, 0, 'train']],
    // The night train (23:40, arriving 24:20) is faster, but arrives at 00:20: no commute. The 07:15 is.
    ['namur', 'Bruxelles-Central', ['07:15', 53, 0, 'train']],
    // Bus 08:45 arrives 08:54 at the bus station; the journey ends with the walk to the station by 08:56.
    ['namur', 'Bouge Place', ['08:45', 11, 0, 'bus']],
    ['namur', 'Sorinnes Église', ['06:05', 71, 1, 'bus']],
  ] as const)('%s from %s', (hub, stop, expected) => {
    expect(journey(hub, stop)).toEqual(expected);
  });

  it('finds no journey where only a late bus runs, nor from a stop a trip only passes at night', () => {
    expect(journey('namur', 'Dinant Gare')).toBeNull();
    expect(journey('brussels', 'Namur Gare des bus')).toBeNull();
  });

  it('reads every row the day keeps, and writes a table the content schema accepts', () => {
    expect(report.stopTimesKept).toBeGreaterThan(20);
    expect(TransitTable.safeParse(JSON.parse(JSON.stringify(table))).success).toBe(true);
  });
});

describe('a listing’s journey: the walk to a stop, then the stop’s journey', () => {
  const index = new TravelIndex(table, settings.walk);
  const walked = (lat: number, lng: number, sLat: number, sLng: number) => metersBetween(lat, lng, sLat, sLng) * 1.3;

  it('walks 1.3 times the straight line at 80 m a minute, and rounds the whole up to the minute', () => {
    // Ciney, listing 2079: 970 m from the station as the crow flies, 1,261 m walked, 15.8 minutes; then 74 minutes.
    const meters = walked(50.293859, 5.113257, 50.2937, 5.0996);
    expect(Math.round(meters)).toBe(1261);
    const travel = index.from(50.293859, 5.113257);
    expect(travel.far).toBe(false);
    if (travel.far) return;
    expect(travel.journeys.find((j) => j.hub === 'brussels')).toMatchObject({
      minutes: Math.ceil((Math.round((meters / 80) * 60) + 74 * 60) / 60),
      changes: 0,
      mode: 'train',
      departure: '07:34',
      stop: 'Ciney',
      walkMeters: 1261,
    });
    expect(travel.journeys.find((j) => j.hub === 'brussels')?.minutes).toBe(90);
  });

  it.each([
    // Bouge, listing 2051: 470 m to Bouge Place (352 s), then 63 minutes with a change at Namur, or the 11 min 8 s bus to Namur.
    [50.466128, 4.894391, 'brussels', { minutes: 69, changes: 1, mode: 'bus', departure: '07:45', stop: 'Bouge Place' }],
    [50.466128, 4.894391, 'namur', { minutes: 17, changes: 0, mode: 'bus', departure: '08:45', stop: 'Bouge Place' }],
    // Jambes, listing 2061: 139 m to Jambes station.
    [50.453863, 4.876659, 'brussels', { minutes: 61, changes: 0, mode: 'train', departure: '07:43', stop: 'Jambes' }],
    [50.453863, 4.876659, 'namur', { minutes: 5, changes: 0, mode: 'train', departure: '07:43', stop: 'Jambes' }],
    // Namur, listing 2046: the station is 1,150 m away on foot; Namur is reached walking.
    [50.464011, 4.873036, 'namur', { minutes: 15, changes: 0, mode: 'walk', departure: '', stop: 'Namur' }],
    [50.464011, 4.873036, 'brussels', { minutes: 63, changes: 0, mode: 'train', departure: '08:00', stop: 'Namur' }],
    // Dinant, listing 2041: 690 m to Dinant Rive droite, the station too far.
    [50.25329, 4.932093, 'brussels', { minutes: 111, changes: 1, mode: 'bus', departure: '06:30', stop: 'Dinant Rive droite' }],
    // Dinant, listing 2064: 1,015 m to the station beats 910 m to the bus and its slower journey.
    [50.255836, 4.91612, 'brussels', { minutes: 95, changes: 0, mode: 'train', departure: '07:20', stop: 'Dinant' }],
    [50.255836, 4.91612, 'namur', { minutes: 39, changes: 0, mode: 'train', departure: '07:20', stop: 'Dinant' }],
  ] as const)('from %s, %s to %s', (lat, lng, hub, expected) => {
    const travel = index.from(lat, lng);
    expect(travel.far ? null : travel.journeys.find((j) => j.hub === hub)).toMatchObject(expected);
  });

  it('says a listing is too far when no stop is within 1,500 m walked (Ciney 2071: 2 km to the station)', () => {
    expect(index.from(50.305635, 5.087647)).toEqual({ far: true });
    expect(index.from(50.834678, 4.391361)).toEqual({ far: true });
  });
});

describe('the demo’s table', () => {
  it('is what the build makes of the demo feeds (rebuild it with npm run transit:build when they change)', async () => {
    const committed = TransitTable.parse(JSON.parse(await readFile('content/demo/transit.json', 'utf8')));
    const fresh = await buildFromFeeds(await feeds(), settings, { on: committed.builtAt.slice(0, 10), builtAt: committed.builtAt });
    expect(fresh.table).toEqual(committed);
  });
});
