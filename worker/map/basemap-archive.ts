/**
 * The basemap archive in R2, read by byte ranges: one PMTiles file whose header and
 * directories the `pmtiles` reader fetches once per isolate, then one range per tile.
 * Replacing the file (a new etag) makes the reader start again from the header.
 */
import { EtagMismatch, PMTiles, ResolvedValueCache, type RangeResponse, type Source } from 'pmtiles';

/** Where the operator command puts the archive. */
export const BASEMAP_KEY = 'map/basemap.pmtiles';

/** Thrown when no archive is installed: the map answers without a base, never a 5xx. */
export class NoBasemap extends Error {
  override name = 'NoBasemap';
}

/** A narrow view of the bucket: one object, read by ranges. */
export type RangeReader = Pick<R2Bucket, 'get'>;

class R2RangeSource implements Source {
  private readonly bucket: RangeReader;
  private readonly key: string;

  constructor(bucket: RangeReader, key: string) {
    this.bucket = bucket;
    this.key = key;
  }

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number, _signal?: AbortSignal, etag?: string): Promise<RangeResponse> {
    const object = await this.bucket.get(this.key, { range: { offset, length }, ...(etag ? { onlyIf: { etagMatches: etag } } : {}) });
    if (!object) throw new NoBasemap(`no basemap at ${this.key}`);
    // A conditional read that did not match answers metadata without a body: the file changed.
    if (!('arrayBuffer' in object)) throw new EtagMismatch();
    return { data: await object.arrayBuffer(), etag: object.etag };
  }
}

let reader: { bucket: RangeReader; archive: PMTiles } | undefined;

/** The archive reader for this bucket, kept for the isolate's life. */
export function basemapArchive(bucket: RangeReader): PMTiles {
  if (reader?.bucket !== bucket) reader = { bucket, archive: new PMTiles(new R2RangeSource(bucket, BASEMAP_KEY), new ResolvedValueCache(20)) };
  return reader.archive;
}
