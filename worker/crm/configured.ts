/**
 * The CRM the settings name, with what it does for one capability: the one way every
 * capability (receiving leads, checking owners' logins…) finds its CRM, read from the same
 * settings the scheduled pull reads.
 */
import { feedSettingsFrom, type AdapterName, type FeedSettings } from '../../content/crm-feeds.ts';
import type { Bindings } from '../env.ts';

/** The settings that name the CRM: every one optional, a site without a CRM has none. */
export type CrmEnv = Partial<Pick<Bindings, 'CRM_ADAPTER' | 'CRM_FEED_URL' | 'CRM_USER' | 'CRM_PASSWORD' | 'CRM_CLIENT_ID' | 'CRM_OFFICE_ID'>>;

/** The configured CRM and its way of doing `capability`; null when none is configured or it cannot. */
export function configuredFor<T>(env: CrmEnv, capability: { [A in AdapterName]: T | null }): { settings: FeedSettings; does: T } | null {
  const read = feedSettingsFrom(env);
  if (!read.ok) return null;
  const does = capability[read.settings.adapter];
  return does === null ? null : { settings: read.settings, does };
}
