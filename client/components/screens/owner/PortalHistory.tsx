/** The portal's communication history (visits, calls, mails, offers) and its online-media figures. */
import type { OwnerHistoryRow, OwnerPortalView } from '../../../../domain/page-data.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { Translate } from '../../../../domain/i18n/translator.ts';
import { formatNumber } from '../../../../domain/rules/price.ts';
import { propertyName, useFormats } from './portal-format.ts';

function historyType(t: Translate, code: string): string {
  switch (code) {
    case 'visit':
      return t('HISTORY_TYPE_VISIT');
    case 'call':
      return t('HISTORY_TYPE_CALL');
    case 'email':
      return t('HISTORY_TYPE_EMAIL');
    case 'offer':
      return t('HISTORY_TYPE_OFFER');
    case 'info':
      return t('HISTORY_TYPE_INFO');
    case 'report':
      return t('HISTORY_TYPE_REPORT');
    default:
      return code;
  }
}

function historyStatus(t: Translate, code: string): string {
  switch (code) {
    case 'done':
      return t('HISTORY_STATUS_DONE');
    case 'planned':
      return t('HISTORY_STATUS_PLANNED');
    case 'cancelled':
      return t('HISTORY_STATUS_CANCELLED');
    case 'follow-up':
      return t('HISTORY_STATUS_FOLLOW_UP');
    default:
      return code;
  }
}

function historySource(t: Translate, code: string): string {
  switch (code) {
    case 'website':
      return t('HISTORY_SOURCE_WEBSITE');
    case 'phone':
      return t('HISTORY_SOURCE_PHONE');
    case 'office':
      return t('HISTORY_SOURCE_OFFICE');
    case 'email':
      return t('HISTORY_SOURCE_EMAIL');
    default:
      // Portals and networks are names: Immoweb, Zimmo, Facebook…
      return code;
  }
}

/** The newest rows show at once; older ones wait behind a disclosure, so the page stays short. */
const HISTORY_SHOWN = 12;

export function History({ rows, portal }: { rows: OwnerHistoryRow[]; portal: OwnerPortalView }) {
  const { t, lang } = useI18n();
  const older = rows.slice(HISTORY_SHOWN);
  const foreignNotes = rows.length > 0 && portal.notesLang !== lang;
  return (
    <section aria-labelledby="owner-history" className="owner-section">
      <h3 id="owner-history">{t('HISTORY')}</h3>
      <FiguresAsOf portal={portal} />
      {/* The agents' own words are not translated: the owner is told in which language they are. */}
      {foreignNotes ? <p className="owner-as-of">{t('HISTORY_NOTES_LANGUAGE', { language: t(`LANGUAGE_NAME_${portal.notesLang.toUpperCase()}`) })}</p> : null}
      {rows.length === 0 ? (
        <p>{t('NO_HISTORY')}</p>
      ) : (
        <>
          <HistoryTable rows={rows.slice(0, HISTORY_SHOWN)} portal={portal} />
          {older.length > 0 ? (
            <details className="owner-more">
              <summary>{t('HISTORY_OLDER', { count: older.length })}</summary>
              <HistoryTable rows={older} portal={portal} />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function HistoryTable({ rows, portal }: { rows: OwnerHistoryRow[]; portal: OwnerPortalView }) {
  const { t } = useI18n();
  const f = useFormats();
  const all = portal.selected === null;
  const names = new Map(portal.properties.map((p) => [p.id, propertyName(t, p)]));
  return (
    <div className="table-scroll" tabIndex={0}>
      <table className="units owner-table owner-history">
        <thead>
          <tr>
            <th scope="col">{t('HISTORY_DATE')}</th>
            {all ? <th scope="col">{t('PROPERTY')}</th> : null}
            <th scope="col">{t('HISTORY_TYPE')}</th>
            <th scope="col">{t('HISTORY_CONTACT')}</th>
            <th scope="col">{t('HISTORY_SUBJECT')}</th>
            <th scope="col">{t('HISTORY_COMMENT')}</th>
            <th scope="col">{t('HISTORY_STATUS')}</th>
            <th scope="col">{t('HISTORY_SOURCE')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.date}-${r.propertyId}-${i}`}>
              <td className="nowrap">{f.date(r.date)}</td>
              {all ? <td>{names.get(r.propertyId) ?? r.propertyId}</td> : null}
              <td>{historyType(t, r.type)}</td>
              <td>{r.contact}</td>
              <td lang={portal.notesLang}>{r.subject}</td>
              <td lang={portal.notesLang}>{r.comment}</td>
              <td>{historyStatus(t, r.status)}</td>
              <td>{historySource(t, r.source)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Media({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const f = useFormats();
  return (
    <section aria-labelledby="owner-media" className="owner-section">
      <h3 id="owner-media">{t('ONLINE_MEDIA')}</h3>
      <FiguresAsOf portal={portal} />
      {portal.media.length === 0 ? (
        <p>{t('NO_MEDIA_STATISTICS')}</p>
      ) : (
        <div className="table-scroll" tabIndex={0}>
          <table className="units owner-table">
            {portal.mediaSince ? <caption>{t('MEDIA_SINCE', { month: f.month(portal.mediaSince) })}</caption> : null}
            <thead>
              <tr>
                <th scope="col">{t('MEDIUM')}</th>
                <th scope="col" className="num">
                  {t('MEDIA_VIEWS')}
                </th>
                <th scope="col" className="num">
                  {t('MEDIA_CLICKS')}
                </th>
                <th scope="col" className="num">
                  {t('MEDIA_CONTACTS')}
                </th>
              </tr>
            </thead>
            <tbody>
              {portal.media.map((m) => (
                <tr key={m.medium}>
                  <th scope="row">{m.medium}</th>
                  <td className="num">{formatNumber(m.views)}</td>
                  <td className="num">{formatNumber(m.clicks)}</td>
                  <td className="num">{formatNumber(m.contacts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** When the agency's records behind these figures were taken: the owner knows how fresh they are. */
function FiguresAsOf({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const f = useFormats();
  if (!portal.figuresAsOf) return null;
  return (
    <p className="owner-as-of">
      {t('FIGURES_AS_OF', f.at(portal.figuresAsOf))}
      {portal.figuresNotRefreshed ? ` ${t('FIGURES_NOT_REFRESHED')}` : ''}
    </p>
  );
}
