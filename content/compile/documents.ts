import type { DocumentView } from '../../domain/page-data.ts';
import { documentFormat, documentKey } from '../../domain/rules/documents.ts';
import type { PropertyDocument } from '../schema/crm.ts';

/**
 * A document as a page shows it: downloadable only when it is a PDF of the site's media;
 * any other address the content names is not offered, and the document is on request.
 */
export function documentView(document: PropertyDocument, name: string): DocumentView {
  const view: DocumentView = { name, kind: document.kind, requestOnly: true };
  if (document.requestOnly || !documentKey(document.url)) return view;
  return { ...view, requestOnly: false, url: document.url ?? '', format: documentFormat(document.url ?? '') };
}
