import type { DocumentView } from '../../domain/page-data.ts';
import { fileSize } from '../../domain/rules/documents.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { FormView } from './LazyFormView.tsx';
import { FormPanel } from './FormPanel.tsx';

/** What a download is before it is opened: "PDF, 1,2 Mo". */
function downloadFacts(doc: DocumentView, lang: Parameters<typeof fileSize>[1]): string {
  return [doc.format, doc.bytes === undefined ? null : fileSize(doc.bytes, lang)].filter(Boolean).join(', ');
}

/**
 * The documents of a property or project: a downloadable one is a link with its format and
 * size; the others are sent on request, through the document request form below them.
 */
export function DocumentList({ documents, headingId, of }: { documents: DocumentView[]; headingId: string; of: { propertyId: number } | { projectId: number } }) {
  const { t, lang } = useI18n();
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
      {documents.some((d) => d.requestOnly) ? (
        <FormPanel form="document-request" className="documents__request" summary={t('REQUEST_DOCUMENTS')}>
          <FormView form="document-request" hidden={of} />
        </FormPanel>
      ) : null}
    </section>
  );
}
