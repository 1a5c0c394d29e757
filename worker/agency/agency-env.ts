/**
 * The bindings one agency's request runs with. Every room reads `c.env` as it always has;
 * what it gets is that agency's content, files, rows, queues, limits, origin, inbox,
 * secrets and CRM. The home agency (the deployment's own vars) runs with the shared
 * bindings behind views that refuse the platform's and the guests' keys.
 */
import type { Bindings } from '../env.ts';
import { agencyBucket, agencyKv, agencyLimiter, agencyQueue } from './scoped-stores.ts';
import { agencyPrefix, type AgencyRow } from './platform-table.ts';
import { agencySecret, openSecret } from './agency-secrets.ts';

/** The secrets every agency has its own of, derived from the platform's. */
const DERIVED_SECRETS = ['TOKEN_KEY', 'PASSWORD_PEPPER', 'PUBLISH_HOOK_TOKEN', 'AGENDA_FEED_TOKEN'] as const;

/** True for what a D1 binding is: something that prepares statements. */
function isDatabase(value: unknown): value is D1Database {
  return typeof value === 'object' && value !== null && typeof (value as D1Database).prepare === 'function' && typeof (value as D1Database).batch === 'function';
}

/** The agency's database by its binding name, or null when this deployment does not declare it yet. */
export function agencyDatabase(env: Bindings, binding: string): D1Database | null {
  const value: unknown = (env as unknown as Record<string, unknown>)[binding];
  return isDatabase(value) ? value : null;
}

/** The home agency: the deployment's own vars and database, the shared stores minus every other agency's keys. */
export function homeEnv(env: Bindings): Bindings {
  return { ...env, CONTENT: agencyKv(env.CONTENT, ''), FILES: agencyBucket(env.FILES, '') };
}

/** The CRM credentials sealed in the agency's row, opened with PLATFORM_KEY (none when either is missing). */
async function crmCredentials(env: Bindings, agency: AgencyRow): Promise<{ user: string; password: string }> {
  const sealed = agency.crm?.sealed;
  const opened = sealed && env.PLATFORM_KEY ? await openSecret(env.PLATFORM_KEY, agency.id, sealed) : null;
  if (!opened) return { user: '', password: '' };
  const parsed = JSON.parse(opened) as { user?: unknown; password?: unknown };
  return { user: typeof parsed.user === 'string' ? parsed.user : '', password: typeof parsed.password === 'string' ? parsed.password : '' };
}

/** The agency's calendar address, opened with PLATFORM_KEY ('' when it has none or the key is missing). */
async function calendarAddress(env: Bindings, agency: AgencyRow): Promise<string> {
  const sealed = agency.calendar?.sealed;
  return (sealed && env.PLATFORM_KEY ? await openSecret(env.PLATFORM_KEY, agency.id, sealed) : null) ?? '';
}

/** A guest agency's bindings, or null when its database is not declared in this deployment. */
export async function guestEnv(env: Bindings, agency: AgencyRow, origin: string, aliases: string[]): Promise<Bindings | null> {
  const db = agencyDatabase(env, agency.db);
  if (!db) return null;
  const prefix = agencyPrefix(agency.id);
  const secrets = Object.fromEntries(await Promise.all(DERIVED_SECRETS.map(async (name) => [name, await agencySecret(env[name], agency.id, name)] as const)));
  const crm = await crmCredentials(env, agency);
  const calendar = await calendarAddress(env, agency);
  return {
    ...env,
    ...secrets,
    DB: db,
    CONTENT: agencyKv(env.CONTENT, prefix),
    FILES: agencyBucket(env.FILES, prefix),
    NOTIFY: agencyQueue(env.NOTIFY, agency.id),
    NOTIFY_DLQ: agencyQueue(env.NOTIFY_DLQ, agency.id),
    WARM: agencyQueue(env.WARM, agency.id),
    FORM_LIMITER: agencyLimiter(env.FORM_LIMITER, agency.id),
    LOGIN_LIMITER: agencyLimiter(env.LOGIN_LIMITER, agency.id),
    API_LIMITER: agencyLimiter(env.API_LIMITER, agency.id),
    SITE_ORIGIN: origin,
    SITE_ALIASES: aliases.join(','),
    AGENCY_INBOX: agency.inbox,
    // Until its own domain is onboarded (SPF, DKIM), the platform sends; replies go to the agency.
    MAIL_FROM: agency.mailFrom ?? env.MAIL_FROM,
    CRM_ADAPTER: agency.crm?.adapter ?? '',
    CRM_FEED_URL: agency.crm?.feedUrl ?? '',
    CRM_CLIENT_ID: agency.crm?.clientId ?? '',
    CRM_OFFICE_ID: agency.crm?.officeId ?? '',
    CRM_USER: crm.user,
    CRM_PASSWORD: crm.password,
    // The agency's own calendar is part of its settings, not the platform's.
    SLOTS_ICS_URL: calendar,
    CRM_CONFIRM_WITHDRAWAL_UNTIL: '',
  };
}
