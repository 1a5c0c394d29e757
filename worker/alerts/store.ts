/**
 * Saved searches in D1: asked for (pending, with the proof of consent), confirmed from
 * the confirmation mail, managed and ended from the links in every mail. The tokens in
 * links are random (128–256 bits) and each does one thing: confirm one alert, end one
 * alert, or manage the alerts of one address.
 */
import type { AlertFrequency } from '../../domain/forms/schemas.ts';
import type { AlertCriteria } from './criteria.ts';
import { randomHex } from '../security/secrets.ts';

/** A confirmation link works this long; after that the visitor saves the search again. */
export const ALERT_CONFIRM_TTL_DAYS = 7;

export const isLinkToken = (token: string): boolean => /^[0-9a-f]{32,64}$/.test(token);

export interface AlertRow {
  id: number;
  email: string;
  lang: string;
  list_kind: AlertCriteria['kind'];
  criteria: string;
  list_url: string;
  frequency: AlertFrequency;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  token: string;
  confirm_token: string | null;
  last_sent_at: string | null;
}

export function criteriaOf(row: Pick<AlertRow, 'list_kind' | 'criteria'>): AlertCriteria {
  let search: AlertCriteria['search'] = {};
  try {
    search = JSON.parse(row.criteria) as AlertCriteria['search'];
  } catch {
    // An unreadable row matches its whole list rather than nothing.
  }
  return { kind: row.list_kind, search };
}

/**
 * Records a saved search as pending with its consent text; the confirmation token to mail.
 * The same search saved again by the same address, still pending, gets a fresh token
 * rather than a second row. One already confirmed is left as it is: the same frequency
 * again asks nothing (null: nothing to confirm); another frequency waits, as a pending
 * change, for the address to confirm it from the mail.
 */
export async function requestAlert(
  db: D1Database,
  alert: { email: string; lang: string; criteria: AlertCriteria; url: string; frequency: AlertFrequency; consentText: string },
  now = new Date(),
  /** Several alerts asked at once (a demand register with several types) share one confirmation. */
  confirmToken: string = randomHex(32),
): Promise<string | null> {
  const email = alert.email.trim().toLowerCase();
  const criteria = JSON.stringify(alert.criteria.search);
  const existing = await db
    .prepare("SELECT id, status FROM alerts WHERE email = ? AND list_kind = ? AND criteria = ? AND status != 'unsubscribed'")
    .bind(email, alert.criteria.kind, criteria)
    .first<{ id: number; status: string }>();
  if (existing?.status === 'confirmed') {
    const changed = await db
      .prepare('UPDATE alerts SET pending_frequency = ?1, change_asked_at = ?2, confirm_token = ?3 WHERE id = ?4 AND frequency != ?1 RETURNING id')
      .bind(alert.frequency, now.toISOString(), confirmToken, existing.id)
      .first<{ id: number }>();
    return changed ? confirmToken : null;
  }
  const confirm = confirmToken;
  const at = now.toISOString();
  await db.batch([
    existing
      ? db
          .prepare('UPDATE alerts SET confirm_token = ?, frequency = ?, lang = ?, consent_text = ?, consent_at = ? WHERE id = ?')
          .bind(confirm, alert.frequency, alert.lang, alert.consentText, at, existing.id)
      : db
          .prepare(
            "INSERT INTO alerts (email, lang, list_kind, criteria, list_url, frequency, status, confirm_token, token, consent_text, consent_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)",
          )
          .bind(email, alert.lang, alert.criteria.kind, criteria, alert.url, alert.frequency, confirm, randomHex(16), alert.consentText, at),
    db.prepare('INSERT OR IGNORE INTO alert_addresses (email, manage_token) VALUES (?, ?)').bind(email, randomHex(32)),
  ]);
  return confirm;
}

/** Confirms the alerts of a token, once; them, or none for an unknown or expired link. */
export async function confirmAlert(db: D1Database, token: string, now = new Date()): Promise<AlertRow[]> {
  if (!isLinkToken(token)) return [];
  const since = new Date(now.getTime() - ALERT_CONFIRM_TTL_DAYS * 86_400_000).toISOString();
  const { results } = await db
    .prepare(
      `UPDATE alerts SET status = 'confirmed', confirmed_at = CASE WHEN status = 'pending' THEN ?1 ELSE confirmed_at END,
         frequency = COALESCE(pending_frequency, frequency), pending_frequency = NULL, change_asked_at = NULL, confirm_token = NULL
       WHERE confirm_token = ?2 AND ((status = 'pending' AND consent_at > ?3) OR (status = 'confirmed' AND pending_frequency IS NOT NULL AND change_asked_at > ?3)) RETURNING *`,
    )
    .bind(now.toISOString(), token, since)
    .all<AlertRow>();
  return results;
}

/** The newest pending confirmation of an address, for its confirmation mail; null once confirmed. */
export async function pendingConfirmToken(db: D1Database, email: string): Promise<string | null> {
  return (
    (
      await db
        .prepare(
          "SELECT confirm_token FROM alerts WHERE email = ? AND confirm_token IS NOT NULL AND (status = 'pending' OR pending_frequency IS NOT NULL) ORDER BY COALESCE(change_asked_at, consent_at) DESC, id DESC",
        )
        .bind(email.trim().toLowerCase())
        .first<{ confirm_token: string }>()
    )?.confirm_token ?? null
  );
}

/** Every pending alert of a confirmation token (one mail may confirm several). */
export async function alertsOfConfirmToken(db: D1Database, token: string): Promise<AlertRow[]> {
  if (!isLinkToken(token)) return [];
  return (await db.prepare("SELECT * FROM alerts WHERE confirm_token = ? AND (status = 'pending' OR pending_frequency IS NOT NULL) ORDER BY id").bind(token).all<AlertRow>()).results;
}

/** The alert a one-click unsubscribe link names (any status: a second click says it is done). */
export async function alertByToken(db: D1Database, token: string): Promise<AlertRow | null> {
  if (!isLinkToken(token)) return null;
  return db.prepare('SELECT * FROM alerts WHERE token = ?').bind(token).first<AlertRow>();
}

/** Ends one alert by its unsubscribe token; nothing more is sent for it. */
export async function unsubscribeAlert(db: D1Database, token: string, now = new Date()): Promise<AlertRow | null> {
  if (!isLinkToken(token)) return null;
  return db
    .prepare("UPDATE alerts SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, ?), confirm_token = NULL WHERE token = ? RETURNING *")
    .bind(now.toISOString(), token)
    .first<AlertRow>();
}

export async function manageToken(db: D1Database, email: string): Promise<string | null> {
  return (await db.prepare('SELECT manage_token FROM alert_addresses WHERE email = ?').bind(email.toLowerCase()).first<{ manage_token: string }>())?.manage_token ?? null;
}

/** The address a manage link belongs to, and its alerts that are not ended. */
export async function alertsOfManageToken(db: D1Database, token: string): Promise<{ email: string; alerts: AlertRow[] } | null> {
  if (!isLinkToken(token)) return null;
  const address = await db.prepare('SELECT email FROM alert_addresses WHERE manage_token = ?').bind(token).first<{ email: string }>();
  if (!address) return null;
  const { results } = await db.prepare("SELECT * FROM alerts WHERE email = ? AND status != 'unsubscribed' ORDER BY id").bind(address.email).all<AlertRow>();
  return { email: address.email, alerts: results };
}

/** A change made from the manage page, only to alerts of the link's address. */
export async function manageAlert(db: D1Database, email: string, change: { alertId: number | 'all'; frequency?: AlertFrequency; end?: boolean }, now = new Date()): Promise<number> {
  const scope = change.alertId === 'all' ? 'email = ?' : 'email = ? AND id = ?';
  const params: (string | number)[] = change.alertId === 'all' ? [email] : [email, change.alertId];
  const result = change.end
    ? await db
        .prepare(`UPDATE alerts SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, ?), confirm_token = NULL WHERE ${scope} AND status != 'unsubscribed'`)
        .bind(now.toISOString(), ...params)
        .run()
    : await db
        .prepare(`UPDATE alerts SET frequency = ? WHERE ${scope} AND status != 'unsubscribed'`)
        .bind(change.frequency ?? 'instant', ...params)
        .run();
  return result.meta.changes ?? 0;
}

export async function alertById(db: D1Database, id: number): Promise<AlertRow | null> {
  return db.prepare('SELECT * FROM alerts WHERE id = ?').bind(id).first<AlertRow>();
}

/**
 * Claims every piece of news an alert has not yet told, under `stamp`: a second delivery of
 * the same message finds nothing left. `release` gives them back when the mail failed.
 */
export async function claimNews(db: D1Database, alertId: number, stamp: string): Promise<{ propertyId: number; kind: 'new' | 'price-drop' }[]> {
  const { results } = await db
    .prepare('UPDATE alert_matches SET sent_at = ? WHERE alert_id = ? AND sent_at IS NULL RETURNING property_id, kind')
    .bind(stamp, alertId)
    .all<{ property_id: number; kind: 'new' | 'price-drop' }>();
  return results.map((r) => ({ propertyId: r.property_id, kind: r.kind }));
}

export async function releaseNews(db: D1Database, alertId: number, stamp: string): Promise<void> {
  await db.prepare('UPDATE alert_matches SET sent_at = NULL WHERE alert_id = ? AND sent_at = ?').bind(alertId, stamp).run();
}

export async function markAlertSent(db: D1Database, alertId: number, stamp: string): Promise<void> {
  await db.prepare('UPDATE alerts SET last_sent_at = ? WHERE id = ?').bind(stamp, alertId).run();
}
