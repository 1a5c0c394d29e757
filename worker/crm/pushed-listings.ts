/**
 * The scheduled pull's side of a CRM that pushes its listings: the announcements its
 * webhook kept, each with the site's number for the estate; marking them read once a run
 * has published them (a refused run leaves them for the next); and telling the CRM where
 * the site now shows each estate it announced (`PUT estates/{id}/url`), so the agent's
 * listing links to it.
 */
import type { AnnouncedEstate } from '../../content/crm/pull.ts';
import { listingNumbers } from './listing-refs.ts';

/** Announcements read per run: a burst of edits is read over a few runs, oldest first. */
const PER_RUN = 200;

export async function pendingAnnouncements(db: D1Database): Promise<{ rows: number[]; announced: AnnouncedEstate[] }> {
  const rows = (
    await db
      .prepare('SELECT id, estate_ref, event, happened_at FROM crm_webhooks WHERE processed_at IS NULL ORDER BY happened_at, id LIMIT ?')
      .bind(PER_RUN)
      .all<{ id: number; estate_ref: string; event: AnnouncedEstate['event']; happened_at: string }>()
  ).results;
  const numbers = await listingNumbers(
    db,
    rows.map((r) => r.estate_ref),
  );
  return {
    rows: rows.map((r) => r.id),
    announced: rows.flatMap((r) => {
      const id = numbers.get(r.estate_ref);
      return id === undefined ? [] : [{ ref: r.estate_ref, id, event: r.event, at: r.happened_at }];
    }),
  };
}

/** The announcements a published run read: done. Those read long ago are forgotten (their signatures are past the webhook's window). */
export async function markAnnounced(db: D1Database, rows: readonly number[], now: Date): Promise<void> {
  const stamp = now.toISOString();
  const statements = [];
  for (let i = 0; i < rows.length; i += 90) {
    const chunk = rows.slice(i, i + 90);
    statements.push(db.prepare(`UPDATE crm_webhooks SET processed_at = ? WHERE id IN (${chunk.map(() => '?').join(', ')})`).bind(stamp, ...chunk));
  }
  statements.push(db.prepare('DELETE FROM crm_webhooks WHERE processed_at IS NOT NULL AND processed_at < ?').bind(new Date(now.getTime() - 7 * 86_400_000).toISOString()));
  await db.batch(statements);
}
