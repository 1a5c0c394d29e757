import type { DocumentView } from '../../domain/page-data.ts';
import { documentKey } from '../../domain/rules/documents.ts';

/** The sizes of the site's document files (R2), read when a page offers them. */
export interface DocumentFiles {
  size(key: string): Promise<number | null>;
}

/** R2 as the page resolver reads it: the size of a stored file, or null when there is none. */
export function bucketFiles(bucket: R2Bucket): DocumentFiles {
  return { size: async (key) => (await bucket.head(key))?.size ?? null };
}

/**
 * Each downloadable document with its size. One whose file is missing (or unreadable) is
 * not offered as a link, which would answer 404: it is sent on request, like the others.
 */
export async function withSizes(documents: DocumentView[], files: DocumentFiles): Promise<DocumentView[]> {
  return Promise.all(
    documents.map(async (document) => {
      const key = documentKey(document.url);
      if (document.requestOnly || !key) return document;
      const bytes = await files.size(key).catch((error: unknown) => {
        console.error('document size unavailable', key, error);
        return null;
      });
      return bytes === null ? { name: document.name, kind: document.kind, requestOnly: true } : { ...document, bytes };
    }),
  );
}
