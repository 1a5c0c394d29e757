/**
 * After a publish, the commands ask the site to queue the pages the new version changed,
 * so they are rendered before a visitor or a crawler asks (POST /pages/warm with the
 * PUBLISH_HOOK_TOKEN secret). When the site does not answer, its scheduled run does it
 * within 15 minutes; until then a changed page is rendered by its first visitor.
 */
import { askSite } from './alerts-hook.ts';

/** One line for the operator: how many pages are queued, or why the site could not be asked. */
export async function warmPagesNow(options: { remote: boolean; site?: string | undefined }, fetcher: typeof fetch = fetch): Promise<string> {
  const asked = await askSite('/pages/warm', options, fetcher);
  if (!asked.ok) return `Pages: not warmed now (${asked.why}); the site's scheduled run warms them within 15 minutes.`;
  const queued = typeof asked.body === 'object' && asked.body !== null && 'queued' in asked.body && typeof asked.body.queued === 'number' ? asked.body.queued : 0;
  return `Pages warmed before the first visitor: ${queued} queued.`;
}
