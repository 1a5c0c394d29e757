/** The owner's statistics page. */
import type { OwnerPortalView } from '../../../../domain/page-data.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { Translate } from '../../../../domain/i18n/translator.ts';
import { ownerPath } from '../../../../domain/rules/owner-paths.ts';
import { barChart } from '../../../../domain/rules/chart.ts';
import { formatNumber } from '../../../../domain/rules/price.ts';
import { AppLink } from '../../AppLink.tsx';
import { useOwnerPaths } from './owner-form.tsx';
import { propertyName, useFormats } from './portal-format.ts';
import { History, Media } from './PortalHistory.tsx';

export function PortalScreen({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const paths = useOwnerPaths();
  const selected = portal.properties.find((p) => p.id === portal.selected) ?? null;
  const heading = selected ? propertyName(t, selected) : t('ALL_PROPERTIES');
  return (
    <section className="container page owner-portal">
      <div className="owner-portal__head">
        <div>
          <h1>{t('OWNER_PORTAL')}</h1>
          <p className="lead">{t('WELCOME_OWNER', { name: portal.ownerName })}</p>
        </div>
        <form method="post" action={paths.logout}>
          <button type="submit" className="button button--ghost">
            {t('LOG_OUT')}
          </button>
        </form>
      </div>
      {portal.noticeKey ? (
        <p className="form-done" role="status">
          {t(portal.noticeKey)}
        </p>
      ) : null}
      {portal.properties.length === 0 ? (
        <p>{t('NO_OWNER_PROPERTIES')}</p>
      ) : (
        <>
          <form method="get" action={paths.portal} className="owner-chooser">
            <label htmlFor="owner-property">{t('SELECT_PROPERTY')}</label>
            <select id="owner-property" name="property" defaultValue={portal.selected ?? ''}>
              <option value="">{t('SHOW_ALL_PROPERTIES')}</option>
              {portal.properties.map((p) => (
                <option key={p.id} value={p.id}>
                  {propertyName(t, p)}
                  {p.reference ? ` (${p.reference})` : ''}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              {t('SHOW')}
            </button>
          </form>
          <h2 className="owner-portal__title">
            {heading}
            {selected?.path ? (
              <>
                {' '}
                <AppLink href={selected.path} className="owner-portal__public">
                  {t('VIEW_PUBLIC_PAGE')}
                </AppLink>
              </>
            ) : null}
          </h2>
          <Visits portal={portal} />
          {portal.selected === null ? <PropertiesTable portal={portal} loginPath={paths.login} /> : null}
          <History rows={portal.history} portal={portal} />
          <Media portal={portal} />
          {portal.selected !== null ? (
            <p>
              <AppLink href={paths.portal}>{t('SHOW_ALL_PROPERTIES')}</AppLink>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Visits({ portal }: { portal: OwnerPortalView }) {
  const { t } = useI18n();
  const tiles: [string, number][] = [
    [t('VISITS_TODAY'), portal.visits.today],
    [t('VISITS_WEEK'), portal.visits.week],
    [t('VISITS_MONTH'), portal.visits.month],
    [t('VISITS_TOTAL'), portal.visits.total],
  ];
  return (
    <section aria-labelledby="owner-visits" className="owner-section">
      <h3 id="owner-visits">{t('PAGE_VISITS')}</h3>
      <dl className="owner-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="owner-tile">
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <VisitsChart daily={portal.daily} />
      {portal.byLang.length > 0 ? (
        <div className="table-scroll" tabIndex={0}>
          <table className="units owner-table owner-table--narrow">
            <caption>{t('VISITS_BY_LANGUAGE')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('LANGUAGE')}</th>
                <th scope="col" className="num">
                  {t('VISITS')}
                </th>
              </tr>
            </thead>
            <tbody>
              {portal.byLang.map((row) => (
                <tr key={row.lang}>
                  <td>{languageName(t, row.lang)}</td>
                  <td className="num">{formatNumber(row.visits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function languageName(t: Translate, lang: string): string {
  switch (lang) {
    case 'nl':
      return t('LANGUAGE_NAME_NL');
    case 'fr':
      return t('LANGUAGE_NAME_FR');
    case 'en':
      return t('LANGUAGE_NAME_EN');
    case 'de':
      return t('LANGUAGE_NAME_DE');
    default:
      return lang;
  }
}

/**
 * SVG bars drawn on the server (the SVG stretches to any width; its labels are HTML so
 * they keep their size), with a summary and the same figures as a table.
 */
function VisitsChart({ daily }: { daily: OwnerPortalView['daily'] }) {
  const { t } = useI18n();
  const f = useFormats();
  const chart = barChart(
    daily.map((d) => d.visits),
    300,
    100,
    0,
    0,
  );
  const total = daily.reduce((n, d) => n + d.visits, 0);
  const peak = daily.reduce<{ day: string; visits: number } | null>((best, d) => (best === null || d.visits > best.visits ? d : best), null);
  const summary = t('CHART_SUMMARY', { count: total, total: formatNumber(total), max: formatNumber(peak?.visits ?? 0), day: peak ? f.date(peak.day) : '' });
  const pct = (value: number, of: number) => `${Math.round((value / of) * 10000) / 100}%`;
  return (
    <figure className="owner-chart">
      <figcaption id="owner-chart-title">{t('VISITS_LAST_30_DAYS')}</figcaption>
      <div className="owner-chart__plot">
        <div className="owner-chart__y" aria-hidden="true">
          {chart.ticks.map((tick) => (
            <span key={tick.value} style={{ top: pct(tick.y, chart.height) }}>
              {tick.value}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${chart.width} ${chart.height}`} preserveAspectRatio="none" role="img" aria-labelledby="owner-chart-title owner-chart-desc">
          <desc id="owner-chart-desc">{summary}</desc>
          {chart.ticks.map((tick) => (
            <line key={tick.value} x1={0} x2={chart.width} y1={tick.y} y2={tick.y} className="owner-chart__grid" />
          ))}
          {chart.bars.map((bar, i) => (
            <rect key={daily[i]?.day ?? i} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="owner-chart__bar">
              <title>{`${daily[i] ? f.date(daily[i].day) : ''}: ${bar.value}`}</title>
            </rect>
          ))}
        </svg>
        <div className="owner-chart__x" aria-hidden="true">
          {daily.map((d, i) => {
            const bar = chart.bars[i];
            // A label a week, and the last day flush right so it never runs off the chart.
            if (!bar) return null;
            if (i === daily.length - 1)
              return (
                <span key={d.day} className="owner-chart__last">
                  {f.short(d.day)}
                </span>
              );
            return i % 7 === 0 && i < daily.length - 4 ? (
              <span key={d.day} style={{ left: pct(bar.x + bar.width / 2, chart.width) }}>
                {f.short(d.day)}
              </span>
            ) : null;
          })}
        </div>
      </div>
      <p className="owner-chart__summary">{summary}</p>
      <details className="owner-chart__table">
        <summary>{t('SHOW_AS_TABLE')}</summary>
        <table className="units owner-table owner-table--narrow">
          <caption className="visually-hidden">{t('VISITS_LAST_30_DAYS')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('HISTORY_DATE')}</th>
              <th scope="col" className="num">
                {t('VISITS')}
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day}>
                <td>{f.date(d.day)}</td>
                <td className="num">{d.visits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function PropertiesTable({ portal, loginPath }: { portal: OwnerPortalView; loginPath: string }) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="owner-properties" className="owner-section">
      <h3 id="owner-properties">{t('MY_PROPERTIES')}</h3>
      <div className="table-scroll" tabIndex={0}>
        <table className="units owner-table">
          <thead>
            <tr>
              <th scope="col">{t('PROPERTY')}</th>
              <th scope="col" className="num">
                {t('VISITS_TODAY')}
              </th>
              <th scope="col" className="num">
                {t('VISITS_WEEK')}
              </th>
              <th scope="col" className="num">
                {t('VISITS_MONTH')}
              </th>
              <th scope="col" className="num">
                {t('VISITS_TOTAL')}
              </th>
            </tr>
          </thead>
          <tbody>
            {portal.properties.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <AppLink href={ownerPath(loginPath, lang, 'portal', p.id)}>{propertyName(t, p)}</AppLink>
                  {p.reference ? <span className="owner-ref"> {p.reference}</span> : null}
                </th>
                <td className="num">{formatNumber(p.visits.today)}</td>
                <td className="num">{formatNumber(p.visits.week)}</td>
                <td className="num">{formatNumber(p.visits.month)}</td>
                <td className="num">{formatNumber(p.visits.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
