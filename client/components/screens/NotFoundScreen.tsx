import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';

/**
 * The not-found screen links back to '/'; a missing property also to its
 * list. A sold or rented property past its grace period (410) says which it was.
 */
export function NotFoundScreen({ what, listPath }: { what: 'page' | 'property' | 'sold' | 'rented'; listPath: string | null }) {
  const { t } = useI18n();
  const gone = what === 'sold' || what === 'rented';
  const title = what === 'sold' ? t('PROPERTY_SOLD') : what === 'rented' ? t('PROPERTY_RENTED') : what === 'property' ? t('PROPERTY_NOT_FOUND') : t('PAGE_NOT_FOUND');
  return (
    <section className="container page narrow not-found">
      <h1>{title}</h1>
      <p>{gone ? t('PROPERTY_GONE_TEXT') : t('PAGE_NOT_FOUND_TEXT')}</p>
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
