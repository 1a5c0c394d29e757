import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';

/** SPEC §2.5: the page-not-found screen links back to '/'. */
export function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <section className="container page narrow not-found">
      <h1>{t('PAGE_NOT_FOUND')}</h1>
      <p>{t('PAGE_NOT_FOUND_TEXT')}</p>
      <p>
        <AppLink href="/" className="button">
          {t('BACK_HOME')}
        </AppLink>
      </p>
    </section>
  );
}
