/**
 * After a publish or a sync: the new listings and price drops of the live version are
 * matched against every confirmed alert, once per version, and recorded per (alert,
 * listing, kind, version), the idempotency key of the news. Instant alerts are queued at
 * once, in batches; daily and weekly ones wait for their digest. The queue consumer sends
 * one mail per alert with everything it has not yet told, claiming the news first, so a
 * redelivered message or a retried run never mails the same news twice.
 */
import type { AlertMailMessage } from '../queues/messages.ts';
import { ContentRepository } from '../live/repository.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { priceDropOf } from '../../domain/rules/price.ts';
import { isLang } from '../../domain/lang.ts';
import { criteriaOf, type AlertRow } from './store.ts';
import { matcher } from './criteria.ts';
import type { CardView } from '../../domain/bundles.ts';
import type { Bindings } from '../env.ts';

/** What an alert tells of a listing: that it is new, or that its price dropped. */
export type NewsKind = 'new' | 'price-drop';

type FanOutEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'NOTIFY'>;

/** Rows per INSERT statement (well under SQLite's limits on a statement's length). */
const ROWS_PER_INSERT = 500;
/** Messages per sendBatch call (the Queues limit). */
const QUEUE_BATCH = 100;

export interface MatchRun {
  version: string;
  /** False when this version's changes were matched before: nothing was done again. */
  fresh: boolean;
  alerts: number;
  matches: number;
  queued: number;
}

/**
 * What a piece of news tells, as the key that makes it told once: a listing new to this
 * alert, or one drop from one price to another. Built from numbers only (written into SQL).
 */
export function newsKey(kind: NewsKind, card: Pick<CardView, 'price' | 'priceDrop'>): string {
  if (kind === 'new') return 'new';
  return `drop:${Math.trunc(card.priceDrop?.from ?? 0)}>${Math.trunc(card.price ?? 0)}`;
}

/** Matches the live version's changes against the confirmed alerts, once per version. */
export async function matchAlerts(env: FanOutEnv, now = new Date()): Promise<MatchRun | null> {
  const repo = await ContentRepository.open(env.CONTENT);
  const version = repo.version;
  const done = await env.DB.prepare('SELECT queued FROM alert_runs WHERE version = ?').bind(version).first<{ queued: number }>();
  if (done) return { version, fresh: false, alerts: 0, matches: 0, queued: 0 };
  const changes = await repo.changes();
  const news = new Map<number, NewsKind>();
  for (const id of changes?.priceDrops ?? []) news.set(id, 'price-drop');
  // A listing both new and cheaper is news once, as new.
  for (const id of changes?.added ?? []) news.set(id, 'new');
  const { results: alerts } = news.size
    ? await env.DB.prepare("SELECT id, lang, list_kind, criteria, frequency FROM alerts WHERE status = 'confirmed'").all<Pick<AlertRow, 'id' | 'lang' | 'list_kind' | 'criteria' | 'frequency'>>()
    : { results: [] };
  const today = utcDay(now);
  const matchers = new Map<string, ReturnType<typeof matcher>>();
  const rows: [number, number, NewsKind, string][] = [];
  const instant = new Set<number>();
  for (const alert of alerts) {
    const lang = isLang(alert.lang) ? alert.lang : 'fr';
    let match = matchers.get(lang);
    if (!match) {
      const cards = (await repo.listing(lang)).filter((c) => news.has(c.id) && (news.get(c.id) === 'new' || priceDropOf(c, c.price !== null) !== null));
      match = matcher(cards, today);
      matchers.set(lang, match);
    }
    for (const card of match(criteriaOf(alert))) {
      const kind = news.get(card.id) ?? 'new';
      rows.push([alert.id, card.id, kind, newsKey(kind, card)]);
      if (alert.frequency === 'instant') instant.add(alert.id);
    }
  }
  const at = now.toISOString();
  // Ids are integers and kinds one of two words, written into the statement; the version and
  // the time are bound once per statement (D1 binds at most 100 parameters).
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows
      .slice(i, i + ROWS_PER_INSERT)
      .map(([alertId, propertyId, kind, key]) => `(${Math.trunc(alertId)}, ${Math.trunc(propertyId)}, '${kind === 'new' ? 'new' : 'price-drop'}', '${key}', ?1)`);
    statements.push(env.DB.prepare(`INSERT OR IGNORE INTO alert_matches (alert_id, property_id, kind, news, matched_at) VALUES ${values.join(', ')}`).bind(at));
  }
  for (let i = 0; i < statements.length; i += 20) await env.DB.batch(statements.slice(i, i + 20));
  const messages = [...instant].map((alertId) => ({ body: { alertMail: { alertId } } satisfies AlertMailMessage }));
  for (let i = 0; i < messages.length; i += QUEUE_BATCH) await env.NOTIFY.sendBatch(messages.slice(i, i + QUEUE_BATCH));
  await env.DB.prepare('INSERT OR IGNORE INTO alert_runs (version, matched_at, queued) VALUES (?, ?, ?)').bind(version, at, messages.length).run();
  return { version, fresh: true, alerts: alerts.length, matches: rows.length, queued: messages.length };
}

/**
 * Daily and weekly alerts with news get their digest, and instant ones whose mail waited
 * (the recipient's daily quota): queued for the consumer. Daily digests go once a UTC day
 * from 06:00, weekly ones seven days after the last.
 */
export async function queueDigests(env: FanOutEnv, now = new Date()): Promise<number> {
  if (now.getUTCHours() < 6) return 0;
  const startOfDay = `${utcDay(now)}T00:00:00.000Z`;
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT a.id FROM alerts a JOIN alert_matches m ON m.alert_id = a.id AND m.sent_at IS NULL
     WHERE a.status = 'confirmed' AND (
       (a.frequency = 'daily' AND (a.last_sent_at IS NULL OR a.last_sent_at < ?1)) OR
       (a.frequency = 'weekly' AND (a.last_sent_at IS NULL OR a.last_sent_at < ?2)) OR
       (a.frequency = 'instant' AND m.matched_at < ?3))`,
  )
    .bind(startOfDay, weekAgo, new Date(now.getTime() - 15 * 60_000).toISOString())
    .all<{ id: number }>();
  const messages = results.map((r) => ({ body: { alertMail: { alertId: r.id } } satisfies AlertMailMessage }));
  for (let i = 0; i < messages.length; i += QUEUE_BATCH) await env.NOTIFY.sendBatch(messages.slice(i, i + QUEUE_BATCH));
  return messages.length;
}
