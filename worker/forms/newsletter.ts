/** Newsletter subscriptions: one row per address, a random token for the unsubscribe link. */

/** Subscribes (or subscribes again) an address; returns its unsubscribe token. */
export async function subscribe(db: D1Database, email: string, lang: string): Promise<string> {
  const token = crypto.randomUUID().replace(/-/g, '');
  const row = await db
    .prepare('INSERT INTO newsletter_subscribers (email, lang, token) VALUES (?, ?, ?) ON CONFLICT (email) DO UPDATE SET lang = excluded.lang, unsubscribed_at = NULL RETURNING token')
    .bind(email.toLowerCase(), lang, token)
    .first<{ token: string }>();
  return row?.token ?? token;
}

export async function tokenOf(db: D1Database, email: string): Promise<string | null> {
  return (await db.prepare('SELECT token FROM newsletter_subscribers WHERE email = ? AND unsubscribed_at IS NULL').bind(email.toLowerCase()).first<{ token: string }>())?.token ?? null;
}

/** Ends a subscription by its token; the language of the subscriber, or null for an unknown token. */
export async function unsubscribe(db: D1Database, token: string): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const row = await db
    .prepare("UPDATE newsletter_subscribers SET unsubscribed_at = COALESCE(unsubscribed_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) WHERE token = ? RETURNING lang")
    .bind(token)
    .first<{ lang: string }>();
  return row?.lang ?? null;
}
