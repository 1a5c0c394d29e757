import { useI18n } from '../i18n/i18n.tsx';
import { FormView } from './LazyFormView.tsx';
import { FormPanel } from './FormPanel.tsx';

/** The documents of a property or project; most are sent on request (document request). */
export function DocumentList({ documents, headingId, propertyId }: { documents: { name: string; kind: string; requestOnly: boolean }[]; headingId: string; propertyId?: number }) {
  const { t } = useI18n();
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
                {doc.name}
                {doc.requestOnly ? <span className="documents__hint"> – {t('DOCUMENTS_ON_REQUEST')}</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {propertyId !== undefined && documents.some((d) => d.requestOnly) ? (
        <FormPanel form="document-request" className="documents__request" summary={t('REQUEST_DOCUMENTS')}>
          <FormView form="document-request" hidden={{ propertyId }} />
        </FormPanel>
      ) : null}
    </section>
  );
}
