import type { PageView } from '../../../content/bundles.ts';
import type { ListResult } from '../../page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { PropertyCard } from '../PropertyCard.tsx';
import { useRouterState } from '@tanstack/react-router';

function pageHref(pathname: string, searchStr: string, page: number): string {
  const params = new URLSearchParams(searchStr);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** A list of properties with its paging title ('page x of y' plus the object count). */
export function ListScreen({ list, title }: { list: ListResult; page: PageView | null; title: string }) {
  const { t } = useI18n();
  const location = useRouterState({ select: (s) => s.location });
  const searchStr = location.searchStr ?? '';
  return (
    <section className="container page" aria-labelledby="list-title">
      <h1 id="list-title">{title}</h1>
      <p className="paging-title" aria-live="polite">
        {t('PAGING_TITLE', { page: list.page, pages: Math.max(1, list.pages), count: list.total })}
      </p>
      {list.cards.length === 0 ? (
        <p className="empty">{t('NO_RESULTS')}</p>
      ) : (
        <div className="grid grid--4">
          {list.cards.map((card, i) => (
            <PropertyCard key={card.id} card={card} eager={i < 2} />
          ))}
        </div>
      )}
      {list.pages > 1 ? (
        <nav className="pager" aria-label={t('PAGINATION')}>
          {list.page > 1 ? (
            <AppLink href={pageHref(location.pathname, searchStr, list.page - 1)} rel="prev">
              {t('PREVIOUS')}
            </AppLink>
          ) : null}
          <ol>
            {Array.from({ length: list.pages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                {n === list.page ? (
                  <span aria-current="page">{n}</span>
                ) : (
                  <AppLink href={pageHref(location.pathname, searchStr, n)}>{n}</AppLink>
                )}
              </li>
            ))}
          </ol>
          {list.page < list.pages ? (
            <AppLink href={pageHref(location.pathname, searchStr, list.page + 1)} rel="next">
              {t('NEXT')}
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
