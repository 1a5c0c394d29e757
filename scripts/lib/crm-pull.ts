/**
 * `crm:sync --pull`: the complete catalogue read from the CRM the environment names, with
 * the adapter the scheduled pull uses (`CRM_ADAPTERS`), so an operator can publish from a
 * machine what the cron would, and confirm a mass withdrawal the cron refused.
 */
import { capabilityOf, feedSettingsFrom, pullWithin, type CrmSettingsSource } from '../../content/crm/adapters.ts';
import type { Fetcher, PullLimits } from '../../content/crm-bounds.ts';

export type PullSettingsSource = CrmSettingsSource;

/** The records of the whole catalogue, or why they could not be read. */
export async function pullCatalogue(
  source: PullSettingsSource,
  fetcher: Fetcher,
  now = new Date(),
  /** The agency's pull budget (site.json's crmGuard), as the cron holds its pulls to. */
  limits?: PullLimits,
): Promise<{ ok: true; records: Record<string, unknown>[] } | { ok: false; reason: string }> {
  const read = feedSettingsFrom(source);
  if (!read.ok) return read;
  // A CRM that pushes its listings (its webhook) cannot be listed whole from here.
  if (capabilityOf(read.settings.adapter, 'push') !== null) {
    return { ok: false, reason: `${read.settings.adapter} cannot be listed: it announces each listing by webhook, and the scheduled run publishes what it announced` };
  }
  try {
    // Without a watermark every adapter reads the complete list.
    const pull = await pullWithin({ ...read.settings, ...(limits ? { limits } : {}) }, { since: null, now, reconciledOn: null }, fetcher);
    return pull.kind === 'complete' ? { ok: true, records: pull.records } : { ok: false, reason: 'the CRM answered changes, not the complete list' };
  } catch (error) {
    return { ok: false, reason: `the CRM could not be read: ${(error as Error).message}` };
  }
}
