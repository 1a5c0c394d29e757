/**
 * The CRM the settings name, with what it does for one capability: the one way every
 * capability (receiving leads, checking owners' logins…) finds its CRM, read from the same
 * settings the scheduled pull reads.
 */
import type { CrmAdapter, CrmCapability } from '../../content/crm/adapter.ts';
import { capabilityOf, feedSettingsFrom, type CrmSettingsSource, type FeedSettings } from '../../content/crm/adapters.ts';

/** The settings that name the CRM (stated once, content/crm/adapters.ts): every one optional, a site without a CRM has none. */
export type CrmEnv = CrmSettingsSource;

/** The configured CRM and its way of doing `capability`; null when none is configured or it cannot. */
export function configuredFor<C extends CrmCapability>(env: CrmEnv, capability: C): { settings: FeedSettings; does: NonNullable<CrmAdapter[C]> } | null {
  const read = feedSettingsFrom(env);
  if (!read.ok) return null;
  const does = capabilityOf(read.settings.adapter, capability);
  return does === null ? null : { settings: read.settings, does };
}
