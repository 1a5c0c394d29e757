import type { CardView } from '../../../domain/bundles.ts';
import type { NotFoundWhat } from '../../../domain/page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { SimilarProperties } from '../LazyParts.tsx';

/**
 * The not-found screen links back to '/'; a missing property also to its
 * list. A sold or rented property past its grace period (410) says which it was; one the
 * agency withdrew says it is no longer available. Both show similar properties on offer.
 */
const TITLES: Record<NotFoundWhat, string> = { sold: 'PROPERTY_SOLD', rented: 'PROPERTY_RENTED', withdrawn: 'PROPERTY_WITHDRAWN', property: 'PROPERTY_NOT_FOUND', page: 'PAGE_NOT_FOUND' };

export function NotFoundScreen({ what, listPath, similar = [] }: { what: NotFoundWhat; listPath: string | null; similar?: CardView[] }) {
  const { t } = useI18n();
  const text = what === 'sold' || what === 'rented' ? 'PROPERTY_GONE_TEXT' : what === 'withdrawn' ? 'PROPERTY_WITHDRAWN_TEXT' : 'PAGE_NOT_FOUND_TEXT';
  return (
    <section className="container page not-found">
      <div className="narrow">
        <h1>{t(TITLES[what])}</h1>
        <p>{t(text)}</p>
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
      </div>
      {similar.length > 0 ? <SimilarProperties cards={similar} /> : null}
    </section>
  );
}
