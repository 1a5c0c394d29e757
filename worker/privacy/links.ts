/**
 * The privacy page's secrets: the single-use link mailed to an address, and the short
 * session it opens. Only their hashes are stored; a link is spent by opening it.
 */
import { isLang, type Lang } from '../../domain/lang.ts';

/** How long a mailed link may be opened, and how long the page it opens may act. */
export const LINK_HOURS = 24;
export const SESSION_MINUTES = 30;

async function hashOf(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function newToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function issue(db: D1Database, purpose: 'link' | 'session', email: string, lang: Lang, minutes: number, now: Date): Promise<string> {
  const token = newToken();
  await db
    .prepare('INSERT INTO privacy_links (token_hash, purpose, email, lang, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(await hashOf(token), purpose, email, lang, now.toISOString(), new Date(now.getTime() + minutes * 60_000).toISOString())
    .run();
  return token;
}

/** The address behind a live token of `purpose`; a link is spent by this call, a session is not. */
export async function holderOf(db: D1Database, purpose: 'link' | 'session', token: string, now: Date): Promise<{ email: string; lang: Lang } | null> {
  const hash = await hashOf(token);
  const at = now.toISOString();
  const row =
    purpose === 'link'
      ? await db
          .prepare("UPDATE privacy_links SET used_at = ?2 WHERE token_hash = ?1 AND purpose = 'link' AND used_at IS NULL AND expires_at > ?2 RETURNING email, lang")
          .bind(hash, at)
          .first<{ email: string; lang: string }>()
      : await db.prepare("SELECT email, lang FROM privacy_links WHERE token_hash = ?1 AND purpose = 'session' AND expires_at > ?2").bind(hash, at).first<{ email: string; lang: string }>();
  return row ? { email: row.email, lang: isLang(row.lang) ? row.lang : 'fr' } : null;
}

export async function linkIsLive(db: D1Database, token: string, now: Date): Promise<boolean> {
  return (
    (await db
      .prepare("SELECT 1 AS live FROM privacy_links WHERE token_hash = ? AND purpose = 'link' AND used_at IS NULL AND expires_at > ?")
      .bind(await hashOf(token), now.toISOString())
      .first()) !== null
  );
}
