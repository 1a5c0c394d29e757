/**
 * Owner accounts in D1: lookups by username or e-mail, the properties each owns, the
 * attempt counter behind the per-account login lock, and single-use reset tokens.
 */
import { toBase64Url } from './password.ts';

export interface OwnerRow {
  id: number;
  username: string;
  email: string;
  name: string;
  lang: string;
  password_hash: string;
  token_version: number;
}

/** Failed logins allowed per account in LOGIN_WINDOW_SECONDS; the next one locks it. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** How long a locked account refuses every login, the right password included. */
export const LOGIN_LOCK_SECONDS = 15 * 60;
/** A reset link works once, within this time. */
export const RESET_TTL_SECONDS = 60 * 60;
/** Reset mails per account per hour: enough for a lost mail, too few to flood an inbox. */
export const RESET_MAX_PER_HOUR = 3;

const OWNER_COLUMNS = 'id, username, email, name, lang, password_hash, token_version';

/**
 * The account a login attempt counts against. A known owner is one account whether the
 * username or the e-mail was typed; an unknown identifier is counted on its own, so it is
 * locked exactly as a real account would be and the answers never tell them apart.
 */
export function accountKey(owner: Pick<OwnerRow, 'id'> | null, identifier: string): string {
  return owner ? `owner:${owner.id}` : `name:${identifier.trim().toLowerCase().slice(0, 200)}`;
}

/** The owner whose username or e-mail is `identifier` (case-insensitive). */
export function findOwner(db: D1Database, identifier: string): Promise<OwnerRow | null> {
  const key = identifier.trim();
  if (key === '' || key.length > 200) return Promise.resolve(null);
  return db.prepare(`SELECT ${OWNER_COLUMNS} FROM owners WHERE username = ?1 OR email = ?1 LIMIT 1`).bind(key).first<OwnerRow>();
}

export function ownerById(db: D1Database, id: number): Promise<OwnerRow | null> {
  return db.prepare(`SELECT ${OWNER_COLUMNS} FROM owners WHERE id = ?`).bind(id).first<OwnerRow>();
}

/** The ids of the properties `ownerId` owns, in a stable order. */
export async function ownedPropertyIds(db: D1Database, ownerId: number): Promise<number[]> {
  const { results } = await db.prepare('SELECT property_id FROM owner_properties WHERE owner_id = ? ORDER BY property_id').bind(ownerId).all<{ property_id: number }>();
  return results.map((r) => r.property_id);
}

export type AttemptClaim = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Counts a login attempt before its password is judged. One upsert with RETURNING both
 * counts and reads, so attempts sent in parallel each get their own number: the first
 * LOGIN_MAX_FAILURES are judged, the others refused. A window that is over (and not
 * locked) starts again at 1. Rows of finished windows are removed as attempts come.
 */
export async function claimLoginAttempt(db: D1Database, account: string, now: number): Promise<AttemptClaim> {
  const [, counted] = await db.batch<{ attempts: number; window_start: number; locked_until: number }>([
    db.prepare('DELETE FROM login_attempts WHERE window_start <= ?1 AND locked_until <= ?2').bind(now - LOGIN_WINDOW_SECONDS, now),
    db
      .prepare(
        `INSERT INTO login_attempts (account, attempts, window_start, locked_until) VALUES (?1, 1, ?2, 0)
         ON CONFLICT (account) DO UPDATE SET
           attempts = CASE WHEN locked_until <= ?2 AND window_start <= ?2 - ?3 THEN 1 ELSE attempts + 1 END,
           window_start = CASE WHEN locked_until <= ?2 AND window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
         RETURNING attempts, window_start, locked_until`,
      )
      .bind(account, now, LOGIN_WINDOW_SECONDS),
  ]);
  const row = counted?.results[0];
  if (!row) return { allowed: true };
  if (row.locked_until > now) return { allowed: false, retryAfter: row.locked_until - now };
  if (row.attempts > LOGIN_MAX_FAILURES) return { allowed: false, retryAfter: LOGIN_LOCK_SECONDS };
  return { allowed: true };
}

/**
 * After a wrong password: locks the account for LOGIN_LOCK_SECONDS once it reached
 * LOGIN_MAX_FAILURES attempts. True only for the one call that locked it, so the owner
 * is told once per lock.
 */
export async function lockIfExhausted(db: D1Database, account: string, now: number): Promise<boolean> {
  const locked = await db
    .prepare('UPDATE login_attempts SET locked_until = ?2 + ?3 WHERE account = ?1 AND attempts >= ?4 AND locked_until <= ?2 RETURNING locked_until')
    .bind(account, now, LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES)
    .first<{ locked_until: number }>();
  return locked !== null;
}

/** A correct password: the account's count starts again. */
export async function clearAttempts(db: D1Database, account: string): Promise<void> {
  await db.prepare('DELETE FROM login_attempts WHERE account = ?').bind(account).run();
}

/** Ends every session of the owner: tokens carrying the old version are refused from now on. */
export async function bumpTokenVersion(db: D1Database, ownerId: number): Promise<void> {
  await db.prepare('UPDATE owners SET token_version = token_version + 1 WHERE id = ?').bind(ownerId).run();
}

async function sha256(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/**
 * A new reset token for the owner, or null when RESET_MAX_PER_HOUR were already made
 * this hour. Only its hash is stored; the token itself goes into the mail.
 */
export async function createReset(db: D1Database, ownerId: number, lang: string, now: number): Promise<string | null> {
  const made = await db
    .prepare('SELECT COUNT(*) AS n FROM owner_resets WHERE owner_id = ? AND created_at > ?')
    .bind(ownerId, now - 3600)
    .first<{ n: number }>();
  if ((made?.n ?? 0) >= RESET_MAX_PER_HOUR) return null;
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  await db.batch([
    db.prepare('DELETE FROM owner_resets WHERE expires_at < ?').bind(now - 86_400),
    db.prepare('INSERT INTO owner_resets (token_hash, owner_id, lang, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(await sha256(token), ownerId, lang, now, now + RESET_TTL_SECONDS),
  ]);
  return token;
}

function isResetToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The owner a still-usable reset token belongs to, without using it up. */
export async function resetOwner(db: D1Database, token: string, now: number): Promise<number | null> {
  if (!isResetToken(token)) return null;
  const row = await db
    .prepare('SELECT owner_id FROM owner_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .bind(await sha256(token), now)
    .first<{ owner_id: number }>();
  return row?.owner_id ?? null;
}

/**
 * Uses the token up and sets the new password in one batch; the conditional UPDATE
 * means two simultaneous submits cannot both succeed. Returns the owner, or null.
 */
export async function consumeReset(db: D1Database, token: string, passwordHash: string, now: number): Promise<number | null> {
  if (!isResetToken(token)) return null;
  const hash = await sha256(token);
  const claimed = await db
    .prepare('UPDATE owner_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING owner_id')
    .bind(now, hash, now)
    .first<{ owner_id: number }>();
  if (!claimed) return null;
  const ownerId = claimed.owner_id;
  await db.batch([
    db.prepare("UPDATE owners SET password_hash = ?, token_version = token_version + 1, password_changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(passwordHash, ownerId),
    // Other links sent before this one stop working too.
    db.prepare('UPDATE owner_resets SET used_at = ? WHERE owner_id = ? AND used_at IS NULL').bind(now, ownerId),
    // A completed reset unlocks the account: the owner proved they hold its mailbox.
    db.prepare('DELETE FROM login_attempts WHERE account = ?').bind(`owner:${ownerId}`),
  ]);
  return ownerId;
}

/** Marks the reset mail sent unless another delivery already did; true when this call won. */
export async function claimResetMail(db: D1Database, token: string, now: number): Promise<boolean> {
  const result = await db
    .prepare('UPDATE owner_resets SET mailed_at = ? WHERE token_hash = ? AND mailed_at IS NULL')
    .bind(now, await sha256(token))
    .run();
  return result.meta.changes === 1;
}

export async function releaseResetMail(db: D1Database, token: string): Promise<void> {
  await db
    .prepare('UPDATE owner_resets SET mailed_at = NULL WHERE token_hash = ?')
    .bind(await sha256(token))
    .run();
}

/**
 * The site's account of an owner the CRM just recognised, made on their first login under
 * their e-mail: its password is nobody's (the CRM checks it), its properties are linked by
 * the operator or the agency's records.
 */
export async function ownerOfCrmLogin(db: D1Database, crmOwner: { email: string; name: string }, decoyHash: string, now: Date): Promise<OwnerRow | null> {
  await db
    .prepare('INSERT OR IGNORE INTO owners (username, email, name, lang, password_hash, created_at) VALUES (?1, ?1, ?2, ?3, ?4, ?5)')
    .bind(crmOwner.email, crmOwner.name.slice(0, 120), 'fr', decoyHash, now.toISOString())
    .run();
  return findOwner(db, crmOwner.email);
}
