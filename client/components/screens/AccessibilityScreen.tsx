import { useI18n } from '../../i18n/i18n.tsx';
import { useSite } from '../useSite.ts';
import { formatPhone, phoneHref } from '../../../domain/rules/phone.ts';

/**
 * The accessibility statement the European Accessibility Act and Belgian practice expect: the
 * standard and how far the site meets it, what does not yet and the alternative, how it was
 * checked, and how to report a barrier, with the agency's answer time and the authority.
 */
export function AccessibilityScreen({ statementDate }: { statementDate: string }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const date = new Intl.DateTimeFormat(`${lang}-BE`, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${statementDate}T00:00:00Z`));
  return (
    <section className="container page narrow accessibility">
      <h1>{t('A11Y_TITLE')}</h1>
      <p className="lead">{t('A11Y_INTRO', { agency: site.agency.name })}</p>
      <h2>{t('A11Y_STATUS_TITLE')}</h2>
      <p>{t('A11Y_STATUS')}</p>
      <h2>{t('A11Y_EXCEPTIONS_TITLE')}</h2>
      <ul>
        <li>{t('A11Y_EXCEPTION_DOCUMENTS')}</li>
        <li>{t('A11Y_EXCEPTION_TOURS')}</li>
        <li>{t('A11Y_EXCEPTION_MAP')}</li>
      </ul>
      <h2>{t('A11Y_METHOD_TITLE')}</h2>
      <p>{t('A11Y_METHOD', { date })}</p>
      <h2>{t('A11Y_REPORT_TITLE')}</h2>
      <p>
        {t('A11Y_REPORT')} <a href={`mailto:${site.agency.email}`}>{site.agency.email}</a> · <a href={phoneHref(site.agency.phone) ?? undefined}>{formatPhone(site.agency.phone)}</a>
      </p>
      <p>{t('A11Y_AUTHORITY')}</p>
    </section>
  );
}
