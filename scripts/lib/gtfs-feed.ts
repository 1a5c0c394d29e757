/**
 * Reading a GTFS feed as the operator publishes it: a zip (or, for the demo's hand-made
 * feeds, a folder of its .txt files). Each file is parsed by csv-parse as a stream of rows,
 * so stop_times.txt (hundreds of megabytes for a national operator) is never held whole;
 * the zip is inflated by fflate as it is read.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { Unzip, UnzipInflate } from 'fflate';

export type GtfsRow = Record<string, string>;

export interface GtfsFeed {
  /** The feed's name: its file or folder name without `.zip`. */
  name: string;
  /** The rows of one file (none when the feed has no such file). */
  rows(file: string): AsyncIterable<GtfsRow>;
  has(file: string): Promise<boolean>;
}

function csvRows(source: Readable): AsyncIterable<GtfsRow> {
  // Column names as the file gives them; a BOM, blank lines and short rows are common in real feeds.
  return source.pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim()), bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }));
}

/** The inflated bytes of one member of a zip, chunk by chunk as the file is read. */
async function* zipMember(path: string, member: string): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (file.name.split('/').pop() !== member) return;
    file.ondata = (error, chunk) => {
      if (error) failure = error;
      else if (chunk.length > 0) ready.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    unzip.push(chunk as Uint8Array);
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  while (ready.length > 0) yield ready.shift() as Uint8Array;
}

async function zipNames(path: string): Promise<Set<string>> {
  const names = new Set<string>();
  const unzip = new Unzip((file) => names.add(file.name.split('/').pop() ?? file.name));
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) unzip.push(chunk as Uint8Array);
  unzip.push(new Uint8Array(0), true);
  return names;
}

export async function openFeed(path: string): Promise<GtfsFeed> {
  const info = await stat(path);
  const name = basename(path).replace(/\.zip$/i, '');
  if (info.isDirectory()) {
    const exists = async (file: string) =>
      stat(join(path, file)).then(
        () => true,
        () => false,
      );
    return {
      name,
      has: exists,
      async *rows(file) {
        if (!(await exists(file))) return;
        yield* csvRows(createReadStream(join(path, file)));
      },
    };
  }
  let names: Set<string> | null = null;
  const has = async (file: string) => (names ??= await zipNames(path)).has(file);
  return {
    name,
    has,
    async *rows(file) {
      if (!(await has(file))) return;
      yield* csvRows(Readable.from(zipMember(path, file)));
    },
  };
}

/** Every row of a small file, at once. */
export async function allRows(feed: GtfsFeed, file: string): Promise<GtfsRow[]> {
  const rows: GtfsRow[] = [];
  for await (const row of feed.rows(file)) rows.push(row);
  return rows;
}
