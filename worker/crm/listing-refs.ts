/**
 * The site's number for each listing a CRM names by an id of its own (a UUID,
 * say): given once, the first time the site hears of the estate, so its page address, its
 * alerts and its leads keep it whatever the CRM does.
 */

/** The site's numbers for these CRM ids, giving one to each id seen for the first time. */
export async function listingNumbers(db: D1Database, refs: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(refs)];
  const numbers = new Map<string, number>();
  for (let i = 0; i < unique.length; i += 50) {
    const chunk = unique.slice(i, i + 50);
    await db.batch(chunk.map((ref) => db.prepare('INSERT INTO crm_listing_refs (ref) VALUES (?) ON CONFLICT (ref) DO NOTHING').bind(ref)));
    const rows = await db
      .prepare(`SELECT id, ref FROM crm_listing_refs WHERE ref IN (${chunk.map(() => '?').join(', ')})`)
      .bind(...chunk)
      .all<{ id: number; ref: string }>();
    for (const row of rows.results) numbers.set(row.ref, row.id);
  }
  return numbers;
}

/** The CRM's own id of the listing the site numbers `id`, or null when the CRM uses the site's numbers. */
export async function listingRef(db: D1Database, id: number): Promise<string | null> {
  return (await db.prepare('SELECT ref FROM crm_listing_refs WHERE id = ?').bind(id).first<{ ref: string }>())?.ref ?? null;
}
