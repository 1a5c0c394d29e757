/**
 * The CRM the settings name, with what it does for one capability: the one way every
 * capability (receiving leads, checking owners' logins…) finds its CRM, read from the same
 * settings the scheduled pull reads.
 */
import { feedSettingsFrom, type AdapterName, type CrmSettingsSource, type FeedSettings } from '../../content/crm-feeds.ts';

/** The settings that name the CRM (stated once, content/crm-feeds.ts): every one optional, a site without a CRM has none. */
export type CrmEnv = CrmSettingsSource;

/** The configured CRM and its way of doing `capability`; null when none is configured or it cannot. */
export function configuredFor<T>(env: CrmEnv, capability: { [A in AdapterName]: T | null }): { settings: FeedSettings; does: T } | null {
  const read = feedSettingsFrom(env);
  if (!read.ok) return null;
  const does = capability[read.settings.adapter];
  return does === null ? null : { settings: read.settings, does };
}
