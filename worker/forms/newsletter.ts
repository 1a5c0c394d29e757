/**
 * Newsletter subscriptions with double opt-in: a sign-up (or a sign-up again after an
 * unsubscribe) is pending until the address confirms it from the mail, and nothing but
 * that confirmation mail is sent to a pending address. The proof of consent (the text the
 * visitor accepted and when, then when the address confirmed) is kept with the row, as the
 * Belgian Code of Economic Law (art. XII.13) asks of whoever sends such mails.
 */
import { randomHex } from '../security/secrets.ts';

/** A confirmation link works this long; after that the visitor signs up again. */
export const CONFIRM_TTL_DAYS = 7;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * Records a sign-up as pending with its consent text, and returns the confirmation token
 * to mail; null when the address is already a confirmed subscriber (nothing to confirm).
 */
export async function requestSubscription(db: D1Database, email: string, lang: string, consentText: string): Promise<string | null> {
  const row = await db
    .prepare(
      `INSERT INTO newsletter_subscribers (email, lang, token, status, confirm_token, consent_text, consent_at) VALUES (?1, ?2, ?3, 'pending', ?4, ?5, ${NOW})
       ON CONFLICT (email) DO UPDATE SET lang = excluded.lang, status = 'pending', confirm_token = excluded.confirm_token, consent_text = excluded.consent_text, consent_at = excluded.consent_at
       WHERE NOT (newsletter_subscribers.status = 'confirmed' AND newsletter_subscribers.unsubscribed_at IS NULL)
       RETURNING confirm_token`,
    )
    .bind(email.toLowerCase(), lang, randomHex(16), randomHex(32), consentText)
    .first<{ confirm_token: string }>();
  return row?.confirm_token ?? null;
}

/** The token of a pending sign-up, for its confirmation mail; null once confirmed or unknown. */
export async function pendingConfirmation(db: D1Database, email: string): Promise<string | null> {
  return (
    (await db.prepare("SELECT confirm_token FROM newsletter_subscribers WHERE email = ? AND status = 'pending'").bind(email.toLowerCase()).first<{ confirm_token: string | null }>())?.confirm_token ??
    null
  );
}

function isConfirmToken(token: string): boolean {
  return /^[0-9a-f]{64}$/.test(token);
}

/** The language of a pending sign-up whose link is still valid, without confirming it. */
export async function confirmationLang(db: D1Database, token: string): Promise<string | null> {
  if (!isConfirmToken(token)) return null;
  const row = await db
    .prepare(`SELECT lang FROM newsletter_subscribers WHERE confirm_token = ? AND status = 'pending' AND consent_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`)
    .bind(token, `-${CONFIRM_TTL_DAYS} days`)
    .first<{ lang: string }>();
  return row?.lang ?? null;
}

/** Confirms a sign-up by its token (once); the subscriber's language, or null. */
export async function confirmSubscription(db: D1Database, token: string): Promise<string | null> {
  if (!isConfirmToken(token)) return null;
  const row = await db
    .prepare(
      `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = ${NOW}, unsubscribed_at = NULL, confirm_token = NULL
       WHERE confirm_token = ? AND status = 'pending' AND consent_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) RETURNING lang`,
    )
    .bind(token, `-${CONFIRM_TTL_DAYS} days`)
    .first<{ lang: string }>();
  return row?.lang ?? null;
}

/** Ends a subscription by its token; the language of the subscriber, or null for an unknown token. */
export async function unsubscribe(db: D1Database, token: string): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const row = await db.prepare(`UPDATE newsletter_subscribers SET unsubscribed_at = COALESCE(unsubscribed_at, ${NOW}) WHERE token = ? RETURNING lang`).bind(token).first<{ lang: string }>();
  return row?.lang ?? null;
}
