/**
 * The platform's table of agencies: which hostnames are which agency, where its rows live,
 * where its mail goes and how its CRM is reached. Written only by the operator's
 * `npm run agency -- add|remove`; read by the worker to decide whose site a request is for.
 * A deployment without the table is one agency, configured by its vars as before.
 */
import * as z from 'zod';

/** Where the table is kept: the root of the content namespace, which no agency's view reaches. */
export const PLATFORM_TABLE_KEY = 'platform/agencies';

/** Every key an agency's view of KV and R2 starts with: `a/<agency>/`. */
export const agencyPrefix = (id: string) => `a/${id}/`;

/** Keys that belong to the platform or to a guest agency: the home agency's view never names them. */
export const PLATFORM_KEY_SPACE = /^(?:a|platform)\//;

export const AgencyId = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'an agency id is 2 to 40 lower-case letters, digits or hyphens, starting with a letter');

/** A hostname as DNS writes it, lower case, without port or trailing dot (`*.localhost` included). */
export const Hostname = z
  .string()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/, 'a hostname such as www.agence.be');

/** The name of the D1 binding that holds one agency's rows, as wrangler.toml declares it. */
export const DatabaseBinding = z.string().regex(/^DB_[A-Z0-9_]{1,60}$/, 'a D1 binding name such as DB_AGENCE_B');

/** The agency's CRM: what is not secret in clear, its credentials sealed with the platform key. */
export const AgencyCrm = z.strictObject({
  adapter: z.string().min(1).max(40),
  feedUrl: z.url().max(500),
  clientId: z.string().max(200).default(''),
  officeId: z.string().max(200).default(''),
  /** `{ user, password }` sealed by `sealSecret` (AES-GCM under PLATFORM_KEY); never in clear here. */
  sealed: z.string().max(4000).default(''),
});
export type AgencyCrm = z.infer<typeof AgencyCrm>;

export const AgencyRow = z.strictObject({
  id: AgencyId,
  /** The agency's own host: its origin, canonical links, mails and owner portal use it. */
  hostname: Hostname,
  /** Other names of the same site (the bare domain): redirected to `hostname`. */
  aliases: z.array(Hostname).max(20).default([]),
  /** Its own database, declared in wrangler.toml: rows of one agency cannot be read through another's. */
  db: DatabaseBinding,
  /** Where its leads and alarms go. */
  inbox: z.email().max(254),
  /** Its own sender once its mail domain is onboarded (SPF, DKIM); otherwise the platform's with the agency as Reply-To. */
  mailFrom: z.email().max(254).optional(),
  crm: AgencyCrm.optional(),
  /** Its calendar's secret iCal address (visit slots), sealed like the CRM credentials. */
  calendar: z.strictObject({ sealed: z.string().min(1).max(4000) }).optional(),
});
export type AgencyRow = z.infer<typeof AgencyRow>;

export const PlatformTable = z.strictObject({ agencies: z.array(AgencyRow).max(20_000) }).superRefine((table, ctx) => {
  const seen = new Map<string, string>();
  const once = (kind: string, value: string, path: (string | number)[]) => {
    const key = `${kind}:${value}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message: `${kind} ${value} is already ${seen.get(key)}'s` });
    else seen.set(key, String(path[1]));
  };
  table.agencies.forEach((agency, i) => {
    once('id', agency.id, ['agencies', i, 'id']);
    once('database', agency.db, ['agencies', i, 'db']);
    for (const host of [agency.hostname, ...agency.aliases]) once('hostname', host, ['agencies', i, 'hostname']);
  });
});
export type PlatformTable = z.infer<typeof PlatformTable>;
