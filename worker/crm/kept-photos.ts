/**
 * A CRM that pushes may hand out its photos on addresses that expire within days:
 * a listing published with them would lose its photos a few days later. So the pull keeps a
 * copy of each photo in R2, under `crm-photos/<listing>/<photo id>`, served by the site's own
 * media route (resized, cached), and the record points there. A photo already kept is not
 * fetched again; one that cannot be fetched (not an image, too large, the host failing) is
 * left out of this run and tried again with the estate's next announcement.
 */
import { boundedFetcher, PULL_LIMITS, type Fetcher } from '../../content/crm-bounds.ts';

const PHOTO_LIMITS = { ...PULL_LIMITS, maxBytes: 15 * 1024 * 1024, callMs: 15_000, runMs: 90_000 };
const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The R2 key and site address of a kept photo. */
export function keptPhoto(listingId: number, photoName: string, extension: string): { key: string; url: string } {
  const key = `crm-photos/${listingId}/${photoName
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 64)}.${extension}`;
  return { key, url: `/media/${key}` };
}

export async function keepPhotos(bucket: R2Bucket, records: Record<string, unknown>[], fetcher: Fetcher): Promise<{ records: Record<string, unknown>[]; kept: number; leftOut: number }> {
  const fetchPhoto = boundedFetcher(fetcher, PHOTO_LIMITS);
  let kept = 0;
  let leftOut = 0;
  const out: Record<string, unknown>[] = [];
  for (const record of records) {
    const id = typeof record.ID === 'number' ? record.ID : null;
    const photos = Array.isArray(record.Photos) ? (record.Photos as Record<string, unknown>[]) : [];
    if (id === null || photos.length === 0) {
      out.push(record);
      continue;
    }
    const local: Record<string, unknown>[] = [];
    for (const photo of photos) {
      const url = typeof photo.Url === 'string' ? photo.Url : '';
      const name = typeof photo.Name === 'string' && photo.Name !== '' ? photo.Name : `photo-${String(photo.ID)}`;
      if (!url.startsWith('https://') && !url.startsWith('http://')) {
        local.push(photo);
        continue;
      }
      try {
        const known = (await Promise.all(Object.values(TYPES).map(async (ext) => ((await bucket.head(keptPhoto(id, name, ext).key)) ? ext : null)))).find((ext) => ext !== null);
        if (known) {
          local.push({ ...photo, Url: keptPhoto(id, name, known).url });
          continue;
        }
        const response = await fetchPhoto(url);
        const extension = TYPES[(response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()];
        if (!response.ok || !extension) throw new Error(`the photo answered ${response.status} ${response.headers.get('Content-Type') ?? ''}`);
        const target = keptPhoto(id, name, extension);
        await bucket.put(target.key, await response.arrayBuffer(), { httpMetadata: { contentType: `image/${extension === 'jpg' ? 'jpeg' : extension}` } });
        local.push({ ...photo, Url: target.url });
        kept += 1;
      } catch (error) {
        console.error('CRM photo not kept', id, name, error instanceof Error ? error.message : error);
        leftOut += 1;
      }
    }
    out.push({ ...record, Photos: local });
  }
  return { records: out, kept, leftOut };
}
