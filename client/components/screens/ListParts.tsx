/** Parts of a list page beside its filters: travel-time choices, the view toggle and the pager. */
import type { ChangeEvent } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { SiteBundle } from '../../../domain/bundles.ts';
import type { ListResult } from '../../../domain/page-data.ts';
import { listHref, VIEWS, type ListSearch } from '../../../domain/search.ts';
import { pagerItems } from '../../../domain/rules/pager.ts';
import { MINUTE_CHOICES } from '../../../domain/rules/list-filters.ts';
import { clockWords, durationWords, travelStillValid } from '../../../domain/rules/travel-words.ts';
import { utcDay } from '../../../domain/rules/gone.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';

const VIEW_LABELS: Record<(typeof VIEWS)[number], string> = { grid: 'VIEW_GRID', list: 'VIEW_LIST', map: 'VIEW_MAP' };

/** The hub a list's travel times are to: the one chosen, else the site's first. */
export function travelHub(transit: SiteBundle['transit'], hub: string | undefined): { id: string; name: string } | undefined {
  return transit?.hubs.find((h) => h.id === hub) ?? transit?.hubs[0];
}

/**
 * "At most N minutes to a hub by public transport": the hubs the agency counts journeys to,
 * two selects of the plain GET form. Once the timetables have expired, a note instead.
 */
export function TravelFilter({ transit, search, onChange }: { transit: SiteBundle['transit']; search: ListSearch; onChange: (e: ChangeEvent<HTMLSelectElement>) => void }) {
  const { t } = useI18n();
  if (!transit) return null;
  if (!travelStillValid(transit.validTo, utcDay(new Date())))
    return (
      <p className="field field--wide filters__travel-note" id="f-travel-note">
        {t('TRAVEL_EXPIRED')}
      </p>
    );
  return (
    <fieldset className="field field--wide filters__travel" aria-describedby="f-travel-note">
      <legend>{t('TRAVEL_FILTER_LEGEND')}</legend>
      <div className="filters__travel-fields">
        <div className="field">
          <label htmlFor="f-mins">{t('TRAVEL_FILTER_MINUTES')}</label>
          <select id="f-mins" name="mins" defaultValue={search.mins ?? ''} onChange={onChange}>
            <option value="">{t('TRAVEL_FILTER_ANY')}</option>
            {MINUTE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {durationWords(n, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-hub">{t('TRAVEL_FILTER_HUB')}</label>
          <select id="f-hub" name="hub" defaultValue={search.hub ?? transit.hubs[0]?.id ?? ''} onChange={onChange}>
            {transit.hubs.map((hub) => (
              <option key={hub.id} value={hub.id}>
                {hub.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="filters__travel-note" id="f-travel-note">
        {t('TRAVEL_FILTER_NOTE', { time: clockWords(transit.arriveBy, t) })}
      </p>
    </fieldset>
  );
}

export function ViewToggle({ list }: { list: ListResult }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = list.search.view ?? 'grid';
  return (
    <nav className="view-toggle" aria-label={t('CHANGE_VIEW')}>
      {VIEWS.map((view) => (
        <AppLink
          key={view}
          href={listHref(pathname, { ...list.search, view: view === 'grid' ? undefined : view })}
          aria-current={view === current ? 'true' : undefined}
          className={view === current ? 'is-current' : undefined}
        >
          {t(VIEW_LABELS[view])}
        </AppLink>
      ))}
    </nav>
  );
}

export function Pager({ list }: { list: ListResult }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (list.pages <= 1) return null;
  const href = (page: number) => listHref(pathname, { ...list.search, page });
  return (
    <nav className="pager" aria-label={t('PAGINATION')}>
      {list.page > 1 ? (
        <AppLink href={href(list.page - 1)} rel="prev">
          {t('PREVIOUS')}
        </AppLink>
      ) : null}
      <ol>
        {pagerItems(list.page, list.pages).map((n, i) =>
          n === 'gap' ? (
            // Pages left out of a long list: the numbers on either side say which.
            <li key={`gap-${i}`} aria-hidden="true">
              <span className="pager__gap">…</span>
            </li>
          ) : (
            <li key={n}>{n === list.page ? <span aria-current="page">{n}</span> : <AppLink href={href(n)}>{n}</AppLink>}</li>
          ),
        )}
      </ol>
      {list.page < list.pages ? (
        <AppLink href={href(list.page + 1)} rel="next">
          {t('NEXT')}
        </AppLink>
      ) : null}
    </nav>
  );
}
