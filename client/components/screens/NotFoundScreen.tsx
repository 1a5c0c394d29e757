import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';

/** SPEC §2.5 and §8: the not-found screen links back to '/'; a missing property also to its list. */
export function NotFoundScreen({ what, listPath }: { what: 'page' | 'property'; listPath: string | null }) {
  const { t } = useI18n();
  return (
    <section className="container page narrow not-found">
      <h1>{what === 'property' ? t('PROPERTY_NOT_FOUND') : t('PAGE_NOT_FOUND')}</h1>
      <p>{t('PAGE_NOT_FOUND_TEXT')}</p>
      <p className="not-found__actions">
        {listPath ? (
          <AppLink href={listPath} className="button button--accent">
            {t('SEE_ALL')}
          </AppLink>
        ) : null}
        <AppLink href="/" className="button">
          {t('BACK_HOME')}
        </AppLink>
      </p>
    </section>
  );
}
