/**
 * `crm:sync --pull`: the complete catalogue read from the CRM the environment names, with
 * the adapter the scheduled pull uses (`CRM_ADAPTERS`), so an operator can publish from a
 * machine what the cron would, and confirm a mass withdrawal the cron refused.
 */
import { CRM_ADAPTERS, isAdapterName, type FeedSettings, type Fetcher } from '../../content/crm-feeds.ts';

export type PullSettingsSource = Partial<Record<'CRM_ADAPTER' | 'CRM_FEED_URL' | 'CRM_USER' | 'CRM_PASSWORD' | 'CRM_CLIENT_ID' | 'CRM_OFFICE_ID', string>>;

/** The records of the whole catalogue, or why they could not be read. */
export async function pullCatalogue(source: PullSettingsSource, fetcher: Fetcher, now = new Date()): Promise<{ ok: true; records: Record<string, unknown>[] } | { ok: false; reason: string }> {
  const adapter = source.CRM_ADAPTER;
  if (!isAdapterName(adapter)) return { ok: false, reason: `CRM_ADAPTER must be one of ${Object.keys(CRM_ADAPTERS).join(', ')}` };
  if (!source.CRM_FEED_URL) return { ok: false, reason: 'CRM_FEED_URL is not set' };
  const settings: FeedSettings = {
    adapter,
    url: source.CRM_FEED_URL.replace(/\/$/, ''),
    ...(source.CRM_USER ? { user: source.CRM_USER } : {}),
    ...(source.CRM_PASSWORD ? { password: source.CRM_PASSWORD } : {}),
    ...(source.CRM_CLIENT_ID ? { clientId: source.CRM_CLIENT_ID } : {}),
    ...(source.CRM_OFFICE_ID ? { officeId: source.CRM_OFFICE_ID } : {}),
  };
  try {
    // Without a watermark every adapter reads the complete list.
    const pull = await CRM_ADAPTERS[adapter].pull(settings, { since: null, now, reconciledOn: null }, fetcher);
    return pull.kind === 'complete' ? { ok: true, records: pull.records } : { ok: false, reason: 'the CRM answered changes, not the complete list' };
  } catch (error) {
    return { ok: false, reason: `the CRM could not be read: ${(error as Error).message}` };
  }
}
