import { RIGHTS_PATHS } from '../../domain/privacy/rights-path.ts';
import { RETENTION, RETENTION_KINDS, retentionDays } from '../../domain/privacy/retention.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useSite } from './useSite.ts';

/** A period in the reader's words: days under two months, months under two years, else years. */
function period(t: (key: string, params?: Record<string, string | number>) => string, days: number): string {
  if (days < 60) return t('PRIVACY_PERIOD_DAYS', { count: days });
  if (days < 730) return t('PRIVACY_PERIOD_MONTHS', { count: Math.round(days / 30) });
  return t('PRIVACY_PERIOD_YEARS', { count: Math.round(days / 365) });
}

/**
 * The part of the privacy statement the site writes itself, from its retention schedule and the
 * agency's periods: what it keeps, why, on which basis, for how long, who receives it, the
 * visitor's rights and where to complain. The agency's own text comes before it and may add to
 * it; this part always says what the code does.
 */
export function PrivacyNotice() {
  const { t, lang } = useI18n();
  const site = useSite();
  const days = retentionDays(site.retention);
  return (
    <section className="narrow privacy-notice" aria-labelledby="privacy-notice-title">
      <h2 id="privacy-notice-title">{t('PRIVACY_NOTICE_TITLE')}</h2>
      <p>{t('PRIVACY_NOTICE_INTRO', { agency: site.agency.legalName || site.agency.name })}</p>
      <div className="table-scroll" tabIndex={0}>
        <table className="units">
          <thead>
            <tr>
              <th scope="col">{t('PRIVACY_COL_WHY')}</th>
              <th scope="col">{t('PRIVACY_COL_BASIS')}</th>
              <th scope="col">{t('PRIVACY_COL_HOW_LONG')}</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{t(RETENTION[kind].purposeKey)}</th>
                <td>{t(`PRIVACY_BASIS_${RETENTION[kind].basis.toUpperCase().replace(/-/g, '_')}`)}</td>
                <td>{t(`PRIVACY_KEPT_${kind.toUpperCase().replace(/-/g, '_')}`, { period: period(t, days[kind]) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t('PRIVACY_RECIPIENTS')}</p>
      <p>
        {t('PRIVACY_RIGHTS_TEXT')} <a href={RIGHTS_PATHS[lang]}>{t('PRIVACY_RIGHTS_LINK')}</a>
      </p>
      <p>{t('PRIVACY_AUTHORITY')}</p>
    </section>
  );
}
