/**
 * The owner portal's figures, read from D1 for one owner: visits of each owned property,
 * the last 30 days, visits by page language, the communication history and the
 * online-media statistics — for one property or for all of them together.
 */
import type { OwnerFiguresState } from './crm-figures.ts';
import type { CardView } from '../../domain/bundles.ts';
import type { OwnerHistoryRow, OwnerPortalView, OwnerPropertyView, VisitCounts } from '../../domain/page-data.ts';
import { lastDays, monthStart, weekStart } from './calendar.ts';

/** The chart shows the last 30 days. */
export const CHART_DAYS = 30;
/** The newest history rows shown; older ones stay in the CRM. */
export const HISTORY_LIMIT = 200;

interface CountRow {
  property_id: number;
  today: number | null;
  week: number | null;
  month: number | null;
  total: number | null;
}

const ZERO: VisitCounts = { today: 0, week: 0, month: 0, total: 0 };

/** The 30 days ending `today`, each with its visits (0 when none were counted). */
export function dailySeries(rows: { day: string; visits: number }[], today: string, days = CHART_DAYS): { day: string; visits: number }[] {
  const byDay = new Map(rows.map((r) => [r.day, r.visits]));
  return lastDays(today, days).map((day) => ({ day, visits: byDay.get(day) ?? 0 }));
}

export function sumCounts(list: VisitCounts[]): VisitCounts {
  return list.reduce((a, b) => ({ today: a.today + b.today, week: a.week + b.week, month: a.month + b.month, total: a.total + b.total }), ZERO);
}

function propertyView(id: number, card: CardView | undefined, visits: VisitCounts): OwnerPropertyView {
  return {
    id,
    title: card ? card.typeDescription || card.mainTypeName : '',
    city: card?.city ?? '',
    reference: card?.reference ?? '',
    path: card?.path ?? null,
    visits,
  };
}

/**
 * Everything the portal shows for `ownerId`. `selected` must already be one of `owned`
 * (the caller answers 404 otherwise); null means all properties together.
 */
export async function portalView(
  db: D1Database,
  input: {
    ownerId: number;
    ownerName: string;
    owned: number[];
    selected: number | null;
    cards: CardView[];
    today: string;
    /** The language the agents write their notes in: the agency's own, the site's first. */
    notesLang: string;
    noticeKey?: string | null;
    figures?: OwnerFiguresState;
  },
): Promise<OwnerPortalView> {
  const { ownerId, owned, selected, today } = input;
  const scope = selected === null ? 'property_id IN (SELECT property_id FROM owner_properties WHERE owner_id = ?1)' : 'property_id = ?1';
  const scopeParam = selected ?? ownerId;
  const chartFrom = lastDays(today, CHART_DAYS)[0] ?? today;
  const [counts, daily, byLang, history, media, figures] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT property_id, SUM(CASE WHEN day = ?2 THEN visits END) AS today, SUM(CASE WHEN day >= ?3 THEN visits END) AS week, SUM(CASE WHEN day >= ?4 THEN visits END) AS month, SUM(visits) AS total
         FROM property_visits WHERE property_id IN (SELECT property_id FROM owner_properties WHERE owner_id = ?1) GROUP BY property_id`,
      )
      .bind(ownerId, today, weekStart(today), monthStart(today)),
    db.prepare(`SELECT day, SUM(visits) AS visits FROM property_visits WHERE ${scope} AND day >= ?2 GROUP BY day`).bind(scopeParam, chartFrom),
    db.prepare(`SELECT lang, SUM(visits) AS visits FROM property_visits WHERE ${scope} GROUP BY lang ORDER BY visits DESC, lang`).bind(scopeParam),
    db
      .prepare(`SELECT property_id, happened_at, type, contact, subject, comment, status, source FROM property_history WHERE ${scope} ORDER BY happened_at DESC, id DESC LIMIT ?2`)
      .bind(scopeParam, HISTORY_LIMIT),
    db
      .prepare(
        `SELECT medium, SUM(views) AS views, SUM(clicks) AS clicks, SUM(contacts) AS contacts, MIN(month) AS since FROM property_media_stats WHERE ${scope} GROUP BY medium ORDER BY views DESC, medium`,
      )
      .bind(scopeParam),
    // The oldest date among the figures shown: what "figures of …" may promise for all of them.
    db.prepare(`SELECT MIN(as_of) AS as_of FROM owner_figures WHERE ${scope}`).bind(scopeParam),
  ]);
  const countRows = (counts?.results ?? []).filter(isCountRow);
  const countsOf = new Map(countRows.map((r) => [r.property_id, { today: r.today ?? 0, week: r.week ?? 0, month: r.month ?? 0, total: r.total ?? 0 }]));
  const cardsById = new Map(input.cards.map((c) => [c.id, c]));
  const properties = owned.map((id) => propertyView(id, cardsById.get(id), countsOf.get(id) ?? ZERO));
  const shown = selected === null ? properties : properties.filter((p) => p.id === selected);
  const mediaRows = (media?.results ?? []).map((r) => ({
    medium: String(r.medium),
    views: Number(r.views ?? 0),
    clicks: Number(r.clicks ?? 0),
    contacts: Number(r.contacts ?? 0),
    since: String(r.since ?? ''),
  }));
  const since =
    mediaRows
      .map((r) => r.since)
      .filter(Boolean)
      .sort()[0] ?? null;
  return {
    ownerName: input.ownerName,
    properties,
    selected,
    visits: sumCounts(shown.map((p) => p.visits)),
    daily: dailySeries(
      (daily?.results ?? []).map((r) => ({ day: String(r.day), visits: Number(r.visits ?? 0) })),
      today,
    ),
    byLang: (byLang?.results ?? []).map((r) => ({ lang: String(r.lang), visits: Number(r.visits ?? 0) })),
    history: (history?.results ?? []).map(historyRow),
    notesLang: input.notesLang,
    media: mediaRows.map(({ since: _since, ...rest }) => rest),
    mediaSince: since,
    figuresAsOf: typeof figures?.results[0]?.as_of === 'string' ? figures.results[0].as_of : null,
    figuresNotRefreshed: input.figures === 'not-refreshed',
    noticeKey: input.noticeKey ?? null,
  };
}

function isCountRow(row: Record<string, unknown>): row is Record<string, unknown> & CountRow {
  return typeof row.property_id === 'number';
}

function historyRow(r: Record<string, unknown>): OwnerHistoryRow {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    propertyId: Number(r.property_id),
    date: text(r.happened_at).slice(0, 10),
    type: text(r.type),
    contact: text(r.contact),
    subject: text(r.subject),
    comment: text(r.comment),
    status: text(r.status),
    source: text(r.source),
  };
}
