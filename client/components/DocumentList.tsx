import { useEffect, useState } from 'react';
import type { DocumentView } from '../../domain/page-data.ts';
import { fileSize } from '../../domain/rules/documents.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { FormView } from './LazyFormView.tsx';
import { FormPanel } from './FormPanel.tsx';

/** What a download is before it is opened: "PDF, 1,2 Mo". */
function downloadFacts(doc: DocumentView, lang: Parameters<typeof fileSize>[1]): string {
  return [doc.format, doc.bytes === undefined ? null : fileSize(doc.bytes, lang)].filter(Boolean).join(', ');
}

type Owner = { propertyId: number } | { projectId: number };
const ASKED = 'documents-requested';

/** What this browser already asked documents for: its own memory, which the site never reads. */
function askedHere(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ASKED) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const ownerKey = (of: Owner) => ('propertyId' in of ? `property:${of.propertyId}` : `project:${of.projectId}`);

/**
 * The documents of a property or project: a downloadable one is a link with its format and
 * size; the others are sent on request, through the document request form below them.
 */
export function DocumentList({ documents, headingId, of }: { documents: DocumentView[]; headingId: string; of: Owner }) {
  const { t, lang } = useI18n();
  // The site answers every request alike (it tells a stranger nothing); the visitor's own browser remembers theirs.
  const [asked, setAsked] = useState(false);
  const key = ownerKey(of);
  useEffect(() => setAsked(askedHere().includes(key)), [key]);
  const remember = () => {
    try {
      localStorage.setItem(ASKED, JSON.stringify([...new Set([...askedHere(), key])].slice(-50)));
    } catch {
      // Private browsing without storage: nothing to remember.
    }
  };
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('DOCUMENTS')}</h2>
      {documents.length === 0 ? (
        <p>{t('NO_DOCUMENTS')}</p>
      ) : (
        <>
          <p className="documents__count">{t('DOCUMENT_COUNT', { count: documents.length })}</p>
          <ul className="documents">
            {documents.map((doc) => (
              <li key={`${doc.kind}-${doc.name}`}>
                {doc.url && !doc.requestOnly ? (
                  <a href={doc.url} type="application/pdf" className="documents__link">
                    {doc.name}
                    <span className="documents__facts"> ({downloadFacts(doc, lang)})</span>
                  </a>
                ) : (
                  <>
                    {doc.name}
                    <span className="documents__hint"> – {t('DOCUMENTS_ON_REQUEST')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {asked ? (
        <p className="documents__asked" role="status">
          {t('DOCUMENT_ALREADY_REQUESTED')}
        </p>
      ) : null}
      {documents.some((d) => d.requestOnly) ? (
        <FormPanel form="document-request" className="documents__request" summary={t('REQUEST_DOCUMENTS')}>
          <FormView form="document-request" hidden={of} onSent={remember} />
        </FormPanel>
      ) : null}
    </section>
  );
}
