/**
 * The demo's second agency: Ourthe & Famenne Immo at agence-b.localhost (any port; browsers
 * resolve `*.localhost` to the loopback), in French and Dutch, with its own listings in
 * Durbuy, its own colours and logo and its own owner login. It is set up exactly as an
 * operator onboards an agency: a row in the platform table, its own database, its content
 * published and its photos stored under its own prefix.
 */
import { PLATFORM_TABLE_KEY, PlatformTable, type AgencyRow } from '../../worker/agency/platform-table.ts';
import { guestEnv } from '../../worker/agency/agency-env.ts';
import { guestOrigin } from '../../worker/agency/find-agency.ts';
import type { Bindings } from '../../worker/env.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { publishFolder } from '../publish-content.ts';
import { r2RecordsFile } from './crm-records.ts';
import { readContentJson, seedMedia } from '../seed-media.ts';
import { seedSlots } from '../seed-db.ts';
import { ensureBasemap } from '../map-install.ts';
import { DEMO_OWNER_B, seedDemoOwner } from './seed-owners.ts';

export const DEMO_AGENCY_B: AgencyRow = {
  id: 'agence-b',
  hostname: 'agence-b.localhost',
  aliases: [],
  db: 'DB_AGENCE_B',
  inbox: 'info@ourthe-famenne.example.be',
};

export const DEMO_AGENCY_B_DIR = 'content/agence-b';

/** Adds agency B to the platform table (kept as it is when it is there) and prepares its stores. */
export async function prepareDemoAgencyB(env: Env, homeOrigin: string, log: (line: string) => void): Promise<boolean> {
  const text = await env.CONTENT.get(PLATFORM_TABLE_KEY, 'text');
  const table = text === null ? { agencies: [] } : PlatformTable.parse(JSON.parse(text));
  if (!table.agencies.some((agency) => agency.id === DEMO_AGENCY_B.id)) {
    await env.CONTENT.put(PLATFORM_TABLE_KEY, JSON.stringify(PlatformTable.parse({ agencies: [...table.agencies, DEMO_AGENCY_B] })));
  }
  const origin = guestOrigin(homeOrigin, DEMO_AGENCY_B.hostname);
  const scoped = await guestEnv(env as unknown as Bindings, DEMO_AGENCY_B, origin, []);
  if (!scoped) throw new Error(`${DEMO_AGENCY_B.db} is not declared in wrangler.toml`);
  const version = await publishFolder(DEMO_AGENCY_B_DIR, kvPublishStore(scoped.CONTENT), () => undefined, false, await r2RecordsFile(scoped.FILES).read());
  if (!version) return false;
  const content = await readContentJson(DEMO_AGENCY_B_DIR);
  const media = await seedMedia(scoped.FILES, content, { log: () => undefined });
  const basemap = await ensureBasemap(scoped.FILES, content.properties);
  await seedSlots(scoped.DB, content);
  const owner = await seedDemoOwner(scoped.DB, scoped.PASSWORD_PEPPER, new Date(), DEMO_OWNER_B);
  log(`second agency: ${origin}/ (${media.created} photos created, basemap: ${basemap}${owner.created ? `, owner ${DEMO_OWNER_B.email} / ${DEMO_OWNER_B.password}` : ''})`);
  return true;
}
