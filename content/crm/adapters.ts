/**
 * Every CRM the site can speak to, by the name `CRM_ADAPTER` gives: one line each. A new
 * CRM is one folder beside this file exporting one CrmAdapter, one line here, and its
 * fake server for the tests; what it can do is read from its object, here and in the
 * operator's docs.
 */
import { boundedFetcher, PULL_LIMITS, PullBudget, type Fetcher } from '../crm-bounds.ts';
import type { CrmAdapter, CrmCapability } from './adapter.ts';
import type { CrmSettings, FeedPull, PullContext } from './pull.ts';
import { feed } from './feed/index.ts';
import { omnicasa } from './omnicasa/index.ts';
import { whise } from './whise/index.ts';
import { sweepbright } from './sweepbright/index.ts';

export const CRM_ADAPTERS = { feed, omnicasa, whise, sweepbright } satisfies Record<string, CrmAdapter>;

/** The settings of the configured CRM: which one, and how to reach it. */
export interface FeedSettings extends CrmSettings {
  adapter: AdapterName;
}

/** The configured CRM's way of doing one thing, or null when it cannot. */
export function capabilityOf<C extends CrmCapability>(adapter: AdapterName, capability: C): NonNullable<CrmAdapter[C]> | null {
  const adapters: Record<AdapterName, CrmAdapter> = CRM_ADAPTERS;
  return adapters[adapter][capability] ?? null;
}

export type AdapterName = keyof typeof CRM_ADAPTERS;

export function isAdapterName(name: string | undefined): name is AdapterName {
  return name !== undefined && Object.hasOwn(CRM_ADAPTERS, name);
}

/** The settings that name the CRM, as the worker's bindings and the operator's environment both carry them. */
export type CrmSettingsSource = Partial<Record<'CRM_ADAPTER' | 'CRM_FEED_URL' | 'CRM_USER' | 'CRM_PASSWORD' | 'CRM_CLIENT_ID' | 'CRM_OFFICE_ID', string>>;

/** The feed settings, or why there are none: read in one place for the cron and the command. */
export function feedSettingsFrom(source: CrmSettingsSource): { ok: true; settings: FeedSettings } | { ok: false; reason: string } {
  const adapter = source.CRM_ADAPTER;
  if (!isAdapterName(adapter)) return { ok: false, reason: `CRM_ADAPTER must be one of ${Object.keys(CRM_ADAPTERS).join(', ')}` };
  if (!source.CRM_FEED_URL) return { ok: false, reason: 'CRM_FEED_URL is not set' };
  return {
    ok: true,
    settings: {
      adapter,
      url: source.CRM_FEED_URL.replace(/\/$/, ''),
      ...(source.CRM_USER ? { user: source.CRM_USER } : {}),
      ...(source.CRM_PASSWORD ? { password: source.CRM_PASSWORD } : {}),
      ...(source.CRM_CLIENT_ID ? { clientId: source.CRM_CLIENT_ID } : {}),
      ...(source.CRM_OFFICE_ID ? { officeId: source.CRM_OFFICE_ID } : {}),
    },
  };
}

/**
 * One pull through the adapter the settings name, every call held to the pull's limits and
 * the whole pull to one budget of bytes and records.
 */
export function pullWithin(settings: FeedSettings, context: PullContext, fetcher: Fetcher, clock: () => number = Date.now): Promise<FeedPull> {
  const limits = settings.limits ?? PULL_LIMITS;
  const budget = new PullBudget(limits);
  const adapters: Record<AdapterName, CrmAdapter> = CRM_ADAPTERS;
  return adapters[settings.adapter].pull(settings, { ...context, budget }, boundedFetcher(fetcher, limits, clock, budget));
}

/** The CRM's own host, whose photos and documents the site trusts without a listing in site.json. */
export function crmMediaHosts(feedUrl: string): string[] {
  try {
    return [new URL(feedUrl).hostname.toLowerCase()];
  } catch {
    return [];
  }
}
