/**
 * npm run bench:transit — the timetable build on feeds of Belgian size: generates a train
 * and a bus feed (≈60,000 stops, ≈3 million stop times; scripts/lib/generate-gtfs.ts) once
 * into .cache/transit-bench/, then times `npm run transit:build` on them in its own process,
 * with its peak memory, and writes docs/bench/transit-build.json.
 */
import { command } from './lib/cli.ts';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { generateBelgianFeeds } from './lib/generate-gtfs.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { TransitSettings, TransitTable, TravelIndex } from '../content/transit/table.ts';
import { mulberry32 } from './lib/prng.ts';

command({ name: 'npm run bench:transit', usage: ['npm run bench:transit'], options: {} });
const dir = '.cache/transit-bench';
await mkdir(dir, { recursive: true });
const manifest = `${dir}/feeds.json`;
let feeds: Awaited<ReturnType<typeof generateBelgianFeeds>>;
if (existsSync(manifest)) feeds = JSON.parse(await readFile(manifest, 'utf8')) as typeof feeds;
else {
  const started = performance.now();
  feeds = await generateBelgianFeeds(dir);
  await writeFile(manifest, JSON.stringify(feeds));
  console.log(`Generated ${feeds.stops} stops and ${feeds.stopTimes} stop times in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const site = { transit: { hubs: feeds.hubs.map((h) => ({ id: h.id, name: { fr: h.name, nl: h.name, en: h.name, de: h.name }, stopIds: h.stopIds })) } };
await writeFile(`${dir}/site.json`, JSON.stringify(site));
const started = performance.now();
const output = execFileSync(process.execPath, ['scripts/transit-build.ts', '--gtfs', feeds.trains, '--gtfs', feeds.buses, '--dir', dir, '--on', '2026-12-01'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const seconds = (performance.now() - started) / 1000;
process.stdout.write(output);
const peak = Number(/peak memory (\d+) MB/.exec(output)?.[1] ?? Number.NaN);
const table = JSON.parse(await readFile(`${dir}/transit.json`, 'utf8')) as { hubs: { id: string; journeys: unknown[] }[]; stops: unknown[] };
// The publish's share: each of 10,000 listings spread over the country joined to the table.
const parsed = TransitTable.parse(JSON.parse(await readFile(`${dir}/transit.json`, 'utf8')));
const joinStarted = performance.now();
const index = new TravelIndex(parsed, TransitSettings.parse(site.transit).walk);
const random = mulberry32(7);
let reached = 0;
for (let i = 0; i < 10_000; i++) {
  const travel = index.from(49.6 + random() * 1.8, 2.7 + random() * 3.6);
  if (!travel.far && travel.journeys.length > 0) reached++;
}
const joinMs = Math.round(performance.now() - joinStarted);
console.log(`Publish: 10,000 listings joined to the table in ${joinMs} ms (${reached} with a journey)`);
const figures = {
  feeds: { stops: feeds.stops, stopTimes: feeds.stopTimes, zipBytes: (await stat(feeds.trains)).size + (await stat(feeds.buses)).size },
  build: {
    seconds: Math.round(seconds * 10) / 10,
    read: /Read ([\d.]+) s/.exec(output)?.[1],
    scan: /scanned ([\d.]+) s/.exec(output)?.[1],
    peakMemoryMB: peak,
    connections: Number(/(\d+) connections/.exec(output)?.[1] ?? Number.NaN),
    hubs: table.hubs.map((h) => ({ id: h.id, stopsWithJourney: h.journeys.length })),
    tableBytes: (await stat(`${dir}/transit.json`)).size,
  },
  publish: { listings: 10_000, joinMs, withJourney: reached },
};
console.log(`Build: ${figures.build.seconds} s, peak ${peak} MB → ${await writeBenchRecord('transit-build', figures)}`);
