/**
 * With a CRM that keeps owners' figures, the portal shows the CRM's: the owner's properties,
 * each one's history rows and media figures, read when the owner opens the portal and kept
 * OWNER_FIGURES_FRESH_MINUTES (one owner reloading never costs the CRM a call a second). The
 * CRM is asked for at most PORTAL_LIMITS' time; a CRM that does not answer leaves the last
 * figures in place, with their date and a note that they could not be refreshed, never an
 * error page.
 */
import { boundedFetcher, PULL_LIMITS, type Fetcher, type PullLimits } from '../../content/crm-bounds.ts';
import { configuredFor, type CrmEnv } from '../crm/configured.ts';
import { replacePropertyFigures, setOwnedProperties } from './figures.ts';
import { ownedPropertyIds } from './store.ts';
import type { Bindings } from '../env.ts';

export const OWNER_FIGURES_FRESH_MINUTES = 5;
/** The owner waits for this: a few seconds, then the last figures. */
export const PORTAL_LIMITS: PullLimits = { ...PULL_LIMITS, callMs: 4_000, runMs: 6_000 };

/** What the portal says about its figures: from the CRM and current, from the CRM but the last read failed, or not from a CRM. */
export type OwnerFiguresState = 'off' | 'current' | 'not-refreshed';

export async function refreshOwnerFromCrm(
  env: CrmEnv & Pick<Bindings, 'DB'>,
  owner: { id: number; email: string },
  now: Date,
  fetcher: Fetcher = fetch,
  limits: PullLimits = PORTAL_LIMITS,
): Promise<OwnerFiguresState> {
  const crm = configuredFor(env, 'ownerFigures');
  if (!crm) return 'off';
  const db = env.DB;
  const fresh = new Date(now.getTime() - OWNER_FIGURES_FRESH_MINUTES * 60_000).toISOString();
  // Taken for this read unless another read is younger: two tabs opening the portal ask the CRM once.
  const taken = await db
    .prepare('INSERT INTO owner_crm_reads (owner_id, read_at) VALUES (?1, ?2) ON CONFLICT (owner_id) DO UPDATE SET read_at = ?2 WHERE owner_crm_reads.read_at < ?3')
    .bind(owner.id, now.toISOString(), fresh)
    .run();
  if (taken.meta.changes !== 1) {
    const last = await db.prepare('SELECT error FROM owner_crm_reads WHERE owner_id = ?').bind(owner.id).first<{ error: string | null }>();
    return last?.error ? 'not-refreshed' : 'current';
  }
  try {
    const properties = await crm.does({ email: owner.email, properties: await ownedPropertyIds(db, owner.id) }, crm.settings, boundedFetcher(fetcher, limits), now);
    await setOwnedProperties(
      db,
      owner.id,
      properties.map((p) => p.id),
    );
    for (const property of properties) await replacePropertyFigures(db, property, now.toISOString(), now);
    await db.prepare('UPDATE owner_crm_reads SET answered_at = ?2, error = NULL WHERE owner_id = ?1').bind(owner.id, now.toISOString()).run();
    return 'current';
  } catch (error) {
    console.error('owner figures not read from the CRM', owner.id, error instanceof Error ? error.message : error);
    await db
      .prepare('UPDATE owner_crm_reads SET error = ?2 WHERE owner_id = ?1')
      .bind(owner.id, String(error instanceof Error ? error.message : error).slice(0, 500))
      .run();
    return 'not-refreshed';
  }
}
