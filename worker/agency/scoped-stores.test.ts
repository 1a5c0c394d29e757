import { describe, expect, it } from 'vitest';
import { agencyBucket, agencyKv, OutsideAgencyError } from './scoped-stores.ts';

/** A bucket that keeps keys in a sorted list and lists them as R2 does (prefix, startAfter, delimiter). */
function memoryBucket(keys: string[]): R2Bucket {
  const stored = new Set(keys);
  return {
    put: async (key: string) => void stored.add(key),
    list: async ({ prefix = '', startAfter = '', delimiter }: R2ListOptions = {}) => {
      const matching = [...stored].sort().filter((key) => key.startsWith(prefix) && key > startAfter);
      const folders = delimiter
        ? [
            ...new Set(
              matching
                .map((key) => key.slice(prefix.length))
                .filter((rest) => rest.includes(delimiter))
                .map((rest) => `${prefix}${rest.split(delimiter)[0]}${delimiter}`),
            ),
          ]
        : [];
      return {
        objects: matching.filter((key) => !delimiter || !key.slice(prefix.length).includes(delimiter)).map((key) => ({ key, uploaded: new Date(0) })),
        delimitedPrefixes: folders,
        truncated: false,
      };
    },
  } as unknown as R2Bucket;
}

describe("an agency's view of the bucket", () => {
  const bucket = memoryBucket(['uploads/home.pdf', 'a/agence-b/uploads/b1.pdf', 'a/agence-b/uploads/b2.pdf', 'a/agence-c/uploads/c.pdf', 'a/agence-b/map/base.pmtiles']);

  it('lists its own keys only, named as the agency names them, wherever the listing starts', async () => {
    const b = agencyBucket(bucket, 'a/agence-b/');
    expect((await b.list({ prefix: 'uploads/' })).objects.map((o) => o.key)).toEqual(['uploads/b1.pdf', 'uploads/b2.pdf']);
    expect((await b.list({ prefix: 'uploads/', startAfter: 'uploads/b1.pdf' })).objects.map((o) => o.key)).toEqual(['uploads/b2.pdf']);
    expect((await b.list({ delimiter: '/' })).delimitedPrefixes).toEqual(['map/', 'uploads/']);
  });

  it("keeps the home agency's listing of everything free of the guests' keys, and refuses to name them", async () => {
    const home = agencyBucket(bucket, '');
    expect((await home.list()).objects.map((o) => o.key)).toEqual(['uploads/home.pdf']);
    expect((await home.list({ delimiter: '/' })).delimitedPrefixes).toEqual(['uploads/']);
    expect(() => home.head('a/agence-b/uploads/b1.pdf')).toThrow(OutsideAgencyError);
  });

  it('is one view per binding and agency, so what is kept per store keeps its identity', () => {
    expect(agencyBucket(bucket, 'a/agence-b/')).toBe(agencyBucket(bucket, 'a/agence-b/'));
    expect(agencyBucket(bucket, 'a/agence-b/')).not.toBe(agencyBucket(bucket, 'a/agence-c/'));
    const kv = {} as KVNamespace;
    expect(agencyKv(kv, '')).toBe(agencyKv(kv, ''));
  });
});
