/**
 * The owners, their properties, their communication history and online-media figures, as
 * the agency's records hold them: imported per property from a file (`npm run owners -- import`) where the CRM cannot
 * be asked, each property's rows replaced whole, and dated by the moment the records were
 * taken, which the portal shows ("figures of 27/11 at 10:15"). The file's shape is the zod
 * schema below, documented in docs/operations.md.
 */
import * as z from 'zod';
import { DECOY_HASH } from './password.ts';

const Text = (max: number) => z.string().max(max).default('');

export const OwnerFiguresFile = z.strictObject({
  /** When the agency's records were taken: what the portal's "figures of …" says. */
  asOf: z.iso.datetime({ offset: true }),
  /**
   * The owners the agency's records know, with the properties of each: an account is made
   * for an address the site does not know yet (its owner chooses a password with "forgot
   * password"), and each owner's properties become exactly the ones listed.
   */
  owners: z
    .array(
      z.strictObject({
        email: z.email().max(200),
        name: z.string().max(120).default(''),
        lang: z.enum(['fr', 'nl', 'en', 'de']).default('fr'),
        properties: z.array(z.number().int().positive()).max(200),
      }),
    )
    .max(5000)
    .default([]),
  properties: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        history: z
          .array(
            z.strictObject({
              date: z.iso.date(),
              type: Text(40),
              contact: Text(120),
              subject: Text(200),
              comment: Text(2000),
              status: Text(40),
              source: Text(40),
            }),
          )
          .max(2000)
          .default([]),
        media: z
          .array(
            z.strictObject({
              medium: z.string().min(1).max(60),
              month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected YYYY-MM'),
              views: z.number().int().min(0).default(0),
              clicks: z.number().int().min(0).default(0),
              contacts: z.number().int().min(0).default(0),
            }),
          )
          .max(600)
          .default([]),
      }),
    )
    .max(5000),
});
export type OwnerFiguresFile = z.infer<typeof OwnerFiguresFile>;

/** Replaces each named property's history and figures with the file's, and dates them. */
export async function importFigures(db: D1Database, file: OwnerFiguresFile, now: Date): Promise<{ properties: number; history: number; media: number; owners: number; accounts: number }> {
  const asOf = new Date(file.asOf).toISOString();
  let history = 0;
  let media = 0;
  let accounts = 0;
  for (const owner of file.owners) {
    // A new account has no password anyone knows: a well-formed hash that nothing matches, so
    // logging in to it costs what any wrong password costs; "forgot password" gives it one.
    const made = await db
      .prepare('INSERT OR IGNORE INTO owners (username, email, name, lang, password_hash, created_at) VALUES (?1, ?1, ?2, ?3, ?4, ?5)')
      .bind(owner.email, owner.name, owner.lang, DECOY_HASH, now.toISOString())
      .run();
    accounts += made.meta.changes ?? 0;
    const id = (await db.prepare('SELECT id FROM owners WHERE email = ?').bind(owner.email).first<{ id: number }>())?.id;
    if (id === undefined) continue;
    await setOwnedProperties(db, id, owner.properties);
  }
  for (const p of file.properties) {
    await replacePropertyFigures(db, p, asOf, now);
    history += p.history.length;
    media += p.media.length;
  }
  return { properties: file.properties.length, history, media, owners: file.owners.length, accounts };
}

/** The owner's properties become exactly these. */
export async function setOwnedProperties(db: D1Database, ownerId: number, properties: readonly number[]): Promise<void> {
  const ids = properties.filter((p) => Number.isSafeInteger(p) && p > 0);
  const listed = ids.length > 0 ? ids.join(',') : 'NULL';
  await db.batch([
    // Positive integers only, checked above, written into the statement.
    db.prepare(`DELETE FROM owner_properties WHERE owner_id = ? AND property_id NOT IN (${listed})`).bind(ownerId),
    ...ids.map((p) => db.prepare('INSERT OR IGNORE INTO owner_properties (owner_id, property_id) VALUES (?, ?)').bind(ownerId, p)),
  ]);
}

/** One property's history and media figures replaced whole, dated `asOf`, in one batch (one transaction): a portal never shows half of it. */
export async function replacePropertyFigures(
  db: D1Database,
  p: Omit<OwnerFiguresFile['properties'][number], 'media'> & { media: OwnerFiguresFile['properties'][number]['media'] | null },
  asOf: string,
  now: Date,
): Promise<void> {
  // Media figures null: the source keeps none, and those already here stay.
  const media = p.media ?? [];
  await db.batch([
    db.prepare('DELETE FROM property_history WHERE property_id = ?').bind(p.id),
    ...(p.media === null ? [] : [db.prepare('DELETE FROM property_media_stats WHERE property_id = ?').bind(p.id)]),
    ...p.history.map((h) =>
      db
        .prepare('INSERT INTO property_history (property_id, happened_at, type, contact, subject, comment, status, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .bind(p.id, h.date, h.type, h.contact, h.subject, h.comment, h.status, h.source),
    ),
    ...media.map((m) =>
      db
        .prepare(
          'INSERT INTO property_media_stats (property_id, medium, month, views, clicks, contacts) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (property_id, medium, month) DO UPDATE SET views = excluded.views, clicks = excluded.clicks, contacts = excluded.contacts',
        )
        .bind(p.id, m.medium, m.month, m.views, m.clicks, m.contacts),
    ),
    db
      .prepare('INSERT INTO owner_figures (property_id, as_of, imported_at) VALUES (?1, ?2, ?3) ON CONFLICT (property_id) DO UPDATE SET as_of = ?2, imported_at = ?3')
      .bind(p.id, asOf, now.toISOString()),
  ]);
}
