/**
 * npm run transit:build -- --gtfs nmbs.zip [--gtfs tec.zip …] [--dir content/<agency>] [--on YYYY-MM-DD]
 *
 * Reads the operators' GTFS feeds (zips as they publish them, or folders of their files),
 * computes for every stop its fastest journey to each hub named in <dir>/site.json
 * (`transit`), arriving by the time set there on the typical weekday of the four weeks from
 * --on (today), and writes <dir>/transit.json. The next content:publish (or CRM sync) gives
 * each listing its journeys from it. The feeds themselves are never written anywhere.
 * Prints the typical day, the validity, how long each step took and the peak memory.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { command, run } from './lib/cli.ts';
import { TransitSettings } from '../content/transit/table.ts';
import { openFeed } from './lib/gtfs-feed.ts';
import { buildFromFeeds, TransitBuildError } from './lib/transit-build.ts';
import { contentDir } from './lib/agency-scope.ts';

export async function transitBuild(args: { gtfs: string[]; dir: string; on: string; out?: string; log?: (line: string) => void }): Promise<boolean> {
  const log = args.log ?? ((line: string) => console.log(line));
  const site = JSON.parse(await readFile(join(args.dir, 'site.json'), 'utf8')) as { transit?: unknown };
  const settings = TransitSettings.safeParse(site.transit);
  if (!settings.success) {
    console.error(`${args.dir}/site.json: transit: ${settings.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    return false;
  }
  const started = performance.now();
  try {
    const feeds = await Promise.all(args.gtfs.map(openFeed));
    const report = await buildFromFeeds(feeds, settings.data, { on: args.on });
    const out = args.out ?? join(args.dir, 'transit.json');
    await writeFile(out, `${JSON.stringify(report.table)}\n`);
    const t = report.table;
    log(`Typical weekday ${t.day}; feeds valid ${t.validFrom} to ${t.validTo} (${t.feeds.map((f) => f.name).join(', ')})`);
    log(`${report.stops} stops, ${report.stopTimesKept} stop times of the day's trips, ${report.connections} connections in the window`);
    for (const hub of t.hubs) log(`  ${hub.id}: ${hub.journeys.length} stops with a journey arriving ${t.earliest}–${t.arriveBy}`);
    for (const hub of report.missingHubs) console.error(`  ${hub}: none of its stopIds is in the feeds; it gets no journeys`);
    log(
      `Read ${report.seconds.read.toFixed(1)} s, scanned ${report.seconds.scan.toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    );
    log(`Wrote ${out} (${t.stops.length} stops). Publish the content to give listings their journeys.`);
    return report.missingHubs.length === 0;
  } catch (error) {
    if (!(error instanceof TransitBuildError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.error(`transit:build: ${(error as Error).message}; nothing was written.`);
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run transit:build',
    usage: ['npm run transit:build -- --gtfs feed.zip [--gtfs other.zip …] [--dir content/demo] [--on YYYY-MM-DD] [--out FILE]'],
    options: { gtfs: { type: 'string', multiple: true }, dir: { type: 'string' }, agency: { type: 'string' }, on: { type: 'string' }, out: { type: 'string' } },
  });
  const gtfs = values.gtfs?.length ? values.gtfs : fail('--gtfs takes a GTFS zip or folder (one or more)');
  if (values.on !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.on)) fail('--on takes a date as YYYY-MM-DD');
  let ok = false;
  await run('npm run transit:build', async () => {
    ok = await transitBuild({ gtfs, dir: contentDir(values.dir), on: values.on ?? new Date().toISOString().slice(0, 10), ...(values.out ? { out: values.out } : {}) });
  });
  process.exit(ok ? 0 : 1);
}
