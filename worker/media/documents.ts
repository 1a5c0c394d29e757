import type { Context } from 'hono';
import { byteRange } from '../../domain/rules/byte-range.ts';
import { matchesEtag } from '../../domain/rules/etag-match.ts';
import type { AppEnv } from '../env.ts';

/** Documents change under the same name (a new plan): kept a day, then revalidated by ETag. */
const DOCUMENT_CACHE = 'public, max-age=86400';

/**
 * A document of the site (a PDF of R2) as a browser opens it: in its viewer, named by its
 * file, never sniffed as anything else; by ranges, so a viewer can show page one of a long
 * plan before the rest arrives; 304 for a copy the browser still has. null when there is none.
 */
export async function servedDocument(c: Context<AppEnv>, key: string): Promise<Response | null> {
  // Size and bytes are read under one ETag: a file replaced between the two reads is read again, never mixed.
  for (let attempt = 0; attempt < 3; attempt++) {
    const head = await c.env.FILES.head(key);
    if (!head) return null;
    const filename = key.split('/').at(-1) ?? 'document.pdf';
    const headers: Record<string, string> = {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      ETag: head.httpEtag,
      'Cache-Control': DOCUMENT_CACHE,
    };
    if (matchesEtag(c.req.header('If-None-Match'), head.httpEtag)) return c.body(null, 304, headers);
    const asked = byteRange(c.req.header('Range'), head.size);
    if (asked.kind === 'unsatisfiable') return c.body(null, 416, { 'Content-Range': `bytes */${head.size}`, 'Cache-Control': 'no-store' });
    const object = await c.env.FILES.get(key, { ...(asked.kind === 'part' ? { range: { offset: asked.offset, length: asked.length } } : {}), onlyIf: { etagMatches: head.etag } });
    if (!object || !('body' in object)) continue;
    if (asked.kind === 'whole') return c.body(object.body, 200, { ...headers, 'Content-Length': String(head.size) });
    return c.body(object.body, 206, { ...headers, 'Content-Range': `bytes ${asked.offset}-${asked.offset + asked.length - 1}/${head.size}`, 'Content-Length': String(asked.length) });
  }
  return null;
}
