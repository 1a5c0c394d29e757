/**
 * Two agencies on one deployment, attacked from each other's host: the home agency (the
 * deployment's own, https://vitrine.test) and agence-b (https://agence-b.test, its own
 * content, database and prefix). Every test tries to reach one agency's data or cache from
 * the other's host and fails when the scoping that stops it is removed.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index.ts';
import { publish } from './support.ts';
import { validateContent } from '../../content/schema.ts';
import { compileContent } from '../../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../../content/publish.ts';
import { agencyKv, agencyBucket } from '../../worker/agency/scoped-stores.ts';
import { PLATFORM_TABLE_KEY, agencyPrefix } from '../../worker/agency/platform-table.ts';
import { forgetPlatformTable } from '../../worker/agency/platform-table-read.ts';
import { agencySecret, sealSecret } from '../../worker/agency/agency-secrets.ts';
import { guestEnv } from '../../worker/agency/agency-env.ts';
import { issue } from '../../worker/privacy/links.ts';
import { signature } from '../../worker/crm/webhook-signature.ts';
import { AgencyRow } from '../../worker/agency/platform-table.ts';
import { ContentRepository, clearContentCache } from '../../worker/live/repository.ts';
import { fanOutSchedule, LAST_RUN_KEY, runScheduledAgencies } from '../../worker/agency/serve.ts';
import type { Bindings } from '../../worker/env.ts';
import { DEMO_OWNER, DEMO_OWNER_B, seedDemoOwner } from '../../scripts/lib/seed-owners.ts';
import site from '../../content/agence-b/site.json';
import menu from '../../content/agence-b/menu.json';
import articles from '../../content/agence-b/articles.json';
import articleCategories from '../../content/agence-b/article-categories.json';
import team from '../../content/agence-b/team.json';
import categories from '../../content/agence-b/categories.json';
import properties from '../../content/agence-b/properties.json';
import projects from '../../content/agence-b/projects.json';
import pathTable from '../../content/agence-b/path-table.json';
import nl from '../../content/agence-b/translations/nl.json';
import fr from '../../content/agence-b/translations/fr.json';
import en from '../../content/agence-b/translations/en.json';
import de from '../../content/agence-b/translations/de.json';
import transit from '../../content/agence-b/transit.json';

const HOME = 'vitrine.test';
const B = 'agence-b.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';
const bKv = agencyKv(env.CONTENT, agencyPrefix('agence-b'));

/** A request to the deployment as the edge hands it over: the host decides the agency. */
async function on(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`https://${host}${path}`, { redirect: 'manual', ...init }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

let visitor = 0;
function postForm(host: string, path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  return on(host, path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'CF-Connecting-IP': `203.0.113.${++visitor % 250}`,
      'User-Agent': BROWSER,
      Origin: `https://${host}`,
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function publishB(change: (raw: Record<string, unknown>) => void = () => undefined, now = new Date()): Promise<string> {
  const raw = structuredClone({ site, menu, articles, articleCategories, team, categories, properties, projects, pathTable, translations: { nl, fr, en, de }, transit }) as Record<string, unknown>;
  change(raw);
  const result = validateContent(raw);
  if (!result.ok) throw new Error(`agency B's content is invalid: ${JSON.stringify(result.problems.slice(0, 3))}`);
  const compiled = compileContent(result.content);
  const version = await versionName(compiled, now);
  await publishVersion(kvPublishStore(bKv), compiled, { version, now });
  // As support.ts's publish: the next request reads the live version afresh, as after the publish command's hook.
  clearContentCache();
  return version;
}

async function homePropertyPath(id: number): Promise<string> {
  const card = (await (await ContentRepository.open(env.CONTENT)).listing('fr')).find((c) => c.id === id);
  if (!card) throw new Error(`no card ${id}`);
  return card.path;
}

beforeAll(async () => {
  await publish();
  await publishB();
  await env.CONTENT.put(
    PLATFORM_TABLE_KEY,
    JSON.stringify({ agencies: [{ id: 'agence-b', hostname: B, aliases: ['b.vitrine-alias.test'], db: 'DB_AGENCE_B', inbox: 'info@ourthe-famenne.example.be' }] }),
  );
  forgetPlatformTable(env.CONTENT);
  await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  // Agency B has an owner with the same database id and the home owner's username: only the agency's own secrets tell them apart.
  await seedDemoOwner(env.DB_AGENCE_B, await agencySecret(env.PASSWORD_PEPPER, 'agence-b', 'PASSWORD_PEPPER'), new Date(), { ...DEMO_OWNER_B, username: DEMO_OWNER.username, email: DEMO_OWNER.email });
});

beforeEach(async () => {
  for (const db of [env.DB, env.DB_AGENCE_B]) await db.batch([db.prepare('DELETE FROM mail_quota'), db.prepare('DELETE FROM login_attempts')]);
});

describe('the host decides the agency', () => {
  it('serves each agency its own site, and a stranger host nothing', async () => {
    const home = await (await on(HOME, '/fr/')).text();
    const b = await (await on(B, '/fr/')).text();
    expect(home).toContain('Immobilière Meuse &amp; Ardenne');
    expect(home).not.toContain('Ourthe &amp; Famenne');
    expect(b).toContain('Ourthe &amp; Famenne Immo');
    expect(b).not.toContain('Meuse &amp; Ardenne');
    expect(b).toContain('https://agence-b.test/fr/');
    const stranger = await on('evil.test', '/fr/');
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toBe('Not found');
    expect(stranger.headers.get('Cache-Control')).toBe('no-store');
  });

  it('serves the home agency without reading the platform table, and answers a guest host 503 while the table cannot be read', async () => {
    const reads: string[] = [];
    const watched = { ...env.CONTENT, get: (key: string, options?: unknown) => (reads.push(key), env.CONTENT.get(key, options as 'text')) } as KVNamespace;
    const ctx = createExecutionContext();
    const home = await worker.fetch(new Request(`https://${HOME}/robots.txt`), { ...env, CONTENT: watched }, ctx);
    await waitOnExecutionContext(ctx);
    expect(home.status).toBe(200);
    expect(reads).not.toContain(PLATFORM_TABLE_KEY);
    const broken = { ...env.CONTENT, get: async () => Promise.reject(new Error('KV is down')) } as unknown as KVNamespace;
    const guest = await worker.fetch(new Request(`https://${B}/fr/`), { ...env, CONTENT: broken }, createExecutionContext());
    expect(guest.status).toBe(503);
    expect(guest.headers.get('Retry-After')).toBe('30');
  });

  it("sends an agency's alias to its own origin, and refuses a post on it", async () => {
    const alias = await on('b.vitrine-alias.test', '/nl/?x=1');
    expect(alias.status).toBe(308);
    expect(alias.headers.get('Location')).toBe('https://agence-b.test/nl/?x=1');
    expect((await on('b.vitrine-alias.test', '/forms/site-contact', { method: 'POST' })).status).toBe(404);
  });

  it("answers a language the agency does not publish in with its home in the visitor's language", async () => {
    const response = await on(B, '/en/', { headers: { 'Accept-Language': 'nl-BE' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/nl/');
  });

  it("sends an agency's owner-access menu item to its own login page", async () => {
    const response = await on(B, '/fr/nos-services/acces-proprietaires/');
    expect([response.status, response.headers.get('Location')]).toEqual([302, '/fr/login/']);
  });

  it("writes each agency's sitemap and robots.txt on its own origin", async () => {
    const sitemap = await (await on(B, '/sitemap.xml')).text();
    expect(sitemap).toContain('https://agence-b.test/');
    expect(sitemap).not.toContain('vitrine.test');
    expect(await (await on(B, '/robots.txt')).text()).toContain('https://agence-b.test/sitemap.xml');
  });
});

describe("one agency's data cannot be reached from the other's host", () => {
  it("a listing of the home agency is not found on agency B's host", async () => {
    const path = await homePropertyPath(2041);
    expect((await on(HOME, path)).status).toBe(200);
    const onB = await on(B, path);
    expect([404, 410]).toContain(onB.status);
    expect(await onB.text()).not.toContain('Rue des Carmes');
  });

  it("a lead sent on agency B's site is stored in B's database and nowhere else", async () => {
    const count = async (db: D1Database) => (await db.prepare("SELECT COUNT(*) AS n FROM leads WHERE email = 'isolde@example.be'").first<{ n: number }>())?.n ?? -1;
    const response = await postForm(B, '/forms/site-contact', {
      lang: 'fr',
      back: '/fr/contact/',
      title: 'ms',
      firstName: 'Isolde',
      lastName: 'Martin',
      email: 'isolde@example.be',
      phone: '0475 12 34 56',
      message: 'Bonjour',
    });
    expect(response.status).toBe(303);
    expect(await count(env.DB_AGENCE_B)).toBe(1);
    expect(await count(env.DB)).toBe(0);
  });

  it("an owner's session on the home agency opens nothing on agency B, though B has an owner with the same id and name", async () => {
    const login = await postForm(HOME, '/fr/login/', { username: DEMO_OWNER.email, password: DEMO_OWNER.password });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-owner='))
      ?.split(';')[0];
    expect(cookie).toBeTruthy();
    const home = await on(HOME, '/fr/login/portail/', { headers: { Cookie: cookie ?? '', 'User-Agent': BROWSER } });
    expect(home.status).toBe(200);
    const onB = await on(B, '/fr/login/portail/', { headers: { Cookie: cookie ?? '', 'User-Agent': BROWSER } });
    expect(onB.status).not.toBe(200);
    // And the home agency's password does not open B's owner, whose password is B's own.
    const wrong = await postForm(B, '/fr/login/', { username: DEMO_OWNER.email, password: DEMO_OWNER.password });
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('__Host-owner=') && !c.startsWith('__Host-owner=;'))).toBe(false);
  });

  it("an alert's link of the home agency is unknown on agency B's host", async () => {
    const token = 'a'.repeat(64);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO alerts (email, lang, list_kind, criteria, list_url, frequency, status, token, consent_text, consent_at) VALUES ('alert@example.be', 'fr', 'list-sale', '{}', '/fr/a-vendre/', 'weekly', 'confirmed', ?, 'ok', '2026-11-01T00:00:00Z')",
      ).bind('b'.repeat(32)),
      env.DB.prepare("INSERT INTO alert_addresses (email, manage_token) VALUES ('alert@example.be', ?)").bind(token),
    ]);
    const home = await on(HOME, `/alerts/manage/${token}/`, { headers: { 'User-Agent': BROWSER } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('alert@example.be');
    const onB = await on(B, `/alerts/manage/${token}/`, { headers: { 'User-Agent': BROWSER } });
    expect(onB.status).toBe(404);
    expect(await onB.text()).not.toContain('alert@example.be');
  });

  it("a privacy link mailed by the home agency opens nothing on agency B's host", async () => {
    const token = await issue(env.DB, 'link', 'subject@example.be', 'fr', 60, new Date());
    const home = await on(HOME, `/privacy/open/${token}/`, { headers: { 'User-Agent': BROWSER } });
    expect(home.status).toBe(200);
    const onB = await on(B, `/privacy/open/${token}/`, { headers: { 'User-Agent': BROWSER } });
    expect(onB.status).not.toBe(200);
    expect(await onB.text()).not.toContain('subject@example.be');
  });

  it("a favourites link naming the home agency's listings shows none of them on agency B's host", async () => {
    const home = await (await on(HOME, '/fr/favoris/?ids=2071,2041', { headers: { 'User-Agent': BROWSER } })).text();
    expect(home).toMatch(/\/2071\//);
    const onB = await (await on(B, '/fr/favoris/?ids=2071,2041', { headers: { 'User-Agent': BROWSER } })).text();
    expect(onB).not.toMatch(/\/(2071|2041)\//);
  });

  it("a CRM webhook signed with the home agency's secret is refused on agency B's host, and stores nothing", async () => {
    const withCrm = { ...env, CRM_ADAPTER: 'sweepbright', CRM_FEED_URL: 'https://website.sweepbright.fake/api', CRM_USER: 'client', CRM_PASSWORD: 'home-webhook-secret' };
    const body = JSON.stringify({ estate_id: 'x', event: 'estate-added', happened_at: new Date().toISOString() });
    const send = async (host: string) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`https://${host}/crm/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hook-Signature': await signature('home-webhook-secret', body) }, body }),
        withCrm,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response.status;
    };
    // The home agency checks the signature and reads the body; agency B has no CRM of its own and answers nothing.
    expect(await send(HOME)).not.toBe(404);
    expect(await send(B)).toBe(404);
    expect((await env.DB_AGENCE_B.prepare('SELECT COUNT(*) AS n FROM crm_webhooks').first<{ n: number }>())?.n).toBe(0);
  });

  it("a file stored for the home agency is not served on agency B's host", async () => {
    await env.FILES.put('site/isolation-probe.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { httpMetadata: { contentType: 'image/jpeg' } });
    await agencyBucket(env.FILES, agencyPrefix('agence-b')).delete('site/isolation-probe.jpg');
    expect((await on(B, '/media/site/isolation-probe.jpg')).status).toBe(404);
  });
});

describe('caches never cross agencies', () => {
  it("the home agency's page ETag is not agency B's, and B never answers 304 with it", async () => {
    const home = await on(HOME, '/fr/');
    const etag = home.headers.get('ETag');
    expect(etag).toBeTruthy();
    const onB = await on(B, '/fr/', { headers: { 'If-None-Match': etag ?? '' } });
    expect(onB.status).toBe(200);
    expect(onB.headers.get('ETag')).not.toBe(etag);
    expect(await onB.text()).toContain('Ourthe &amp; Famenne Immo');
  });

  it('a publish for agency B changes no page or ETag of the home agency', async () => {
    const before = (await on(HOME, '/fr/')).headers.get('ETag');
    const bBefore = (await on(B, '/fr/')).headers.get('ETag');
    await publishB(
      (raw) => {
        (raw.site as { agency: { phone: string } }).agency.phone = '086213041';
      },
      new Date(Date.now() + 5_000),
    );
    const after = await on(HOME, '/fr/');
    expect(after.headers.get('ETag')).toBe(before);
    expect((await on(B, '/fr/')).headers.get('ETag')).not.toBe(bBefore);
  });

  it("rate limits count per agency: the home agency's visitors leave B's allowance whole", async () => {
    const ip = '198.51.100.77';
    const send = (host: string) =>
      on(host, '/forms/site-contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip, Origin: `https://${host}`, 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ lang: 'fr', back: '/fr/contact/' }).toString(),
      });
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) limited = (await send(HOME)).status === 429;
    expect(limited).toBe(true);
    expect((await send(B)).status).not.toBe(429);
  });
});

describe('the scheduled run, one agency at a time', () => {
  it('fans out one message per agency, the home agency first', async () => {
    const sent: unknown[] = [];
    const bindings = { ...env, SCHEDULE: { send: async () => undefined, sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)) } } as unknown as Bindings;
    expect(await fanOutSchedule(bindings, new Date('2026-11-28T10:00:00Z'))).toBe(2);
    expect(sent).toEqual([
      { agency: null, at: '2026-11-28T10:00:00.000Z' },
      { agency: 'agence-b', at: '2026-11-28T10:00:00.000Z' },
    ]);
  });

  it("runs each agency's message with that agency's bindings and records the run in its own keys", async () => {
    const seen: { origin: string; db: boolean }[] = [];
    const message = (agency: string | null) => ({
      id: String(agency),
      timestamp: new Date(),
      attempts: 1,
      body: { agency, at: '2026-11-28T10:00:00.000Z' },
      ack: () => undefined,
      retry: () => undefined,
    });
    const batch = { queue: 'vitrine-schedule', metadata: {}, messages: [message('agence-b'), message('gone-agency')], ackAll: () => undefined, retryAll: () => undefined } as unknown as MessageBatch;
    await env.CONTENT.delete(LAST_RUN_KEY);
    const runs = await runScheduledAgencies(batch, env as unknown as Bindings, async (scoped) => {
      seen.push({ origin: scoped.SITE_ORIGIN, db: scoped.DB === env.DB_AGENCE_B });
    });
    expect(seen).toEqual([{ origin: 'https://agence-b.test', db: true }]);
    expect(runs.map((r) => [r.agency, r.ok])).toEqual([
      ['agence-b', true],
      ['gone-agency', false],
    ]);
    expect(JSON.parse((await bKv.get(LAST_RUN_KEY)) ?? '{}')).toMatchObject({ agency: 'agence-b', ok: true });
    expect(await env.CONTENT.get(LAST_RUN_KEY)).toBeNull();
  });
});

describe("each agency's own settings", () => {
  it('opens its CRM credentials and calendar address only with the platform key, and never keeps them in clear', async () => {
    const platformKey = 'platform-key-for-the-test';
    const row = AgencyRow.parse({
      id: 'agence-b',
      hostname: B,
      db: 'DB_AGENCE_B',
      inbox: 'info@ourthe-famenne.example.be',
      crm: {
        adapter: 'whise',
        feedUrl: 'https://api.whise.test/',
        clientId: 'c1',
        officeId: 'o1',
        sealed: await sealSecret(platformKey, 'agence-b', JSON.stringify({ user: 'agent', password: 's3cret-pass' })),
      },
      calendar: { sealed: await sealSecret(platformKey, 'agence-b', 'https://calendar.test/private-abc/basic.ics') },
    });
    expect(JSON.stringify(row)).not.toContain('s3cret-pass');
    expect(JSON.stringify(row)).not.toContain('private-abc');
    const withKey = await guestEnv({ ...env, PLATFORM_KEY: platformKey } as unknown as Bindings, row, 'https://agence-b.test', []);
    expect([withKey?.CRM_ADAPTER, withKey?.CRM_USER, withKey?.CRM_PASSWORD, withKey?.CRM_CLIENT_ID, withKey?.SLOTS_ICS_URL]).toEqual([
      'whise',
      'agent',
      's3cret-pass',
      'c1',
      'https://calendar.test/private-abc/basic.ics',
    ]);
    const wrongKey = await guestEnv({ ...env, PLATFORM_KEY: 'another-key' } as unknown as Bindings, row, 'https://agence-b.test', []);
    expect([wrongKey?.CRM_USER, wrongKey?.CRM_PASSWORD, wrongKey?.SLOTS_ICS_URL]).toEqual(['', '', '']);
    // The home agency's own CRM and calendar never reach a guest.
    const home = await guestEnv(
      { ...env, CRM_USER: 'home-user', CRM_PASSWORD: 'home-pass', SLOTS_ICS_URL: 'https://home.test/cal.ics' } as unknown as Bindings,
      { ...row, crm: undefined, calendar: undefined },
      'https://agence-b.test',
      [],
    );
    expect([home?.CRM_ADAPTER, home?.CRM_USER, home?.CRM_PASSWORD, home?.SLOTS_ICS_URL]).toEqual(['', '', '', '']);
  });

  it("sends its mail from the platform with the agency's inbox to answer, until its own domain is onboarded", async () => {
    const row = AgencyRow.parse({ id: 'agence-b', hostname: B, db: 'DB_AGENCE_B', inbox: 'info@ourthe-famenne.example.be' });
    const platform = await guestEnv(env as unknown as Bindings, row, 'https://agence-b.test', []);
    expect([platform?.MAIL_FROM, platform?.AGENCY_INBOX]).toEqual([env.MAIL_FROM, 'info@ourthe-famenne.example.be']);
    const own = await guestEnv(env as unknown as Bindings, { ...row, mailFrom: 'site@ourthe-famenne.example.be' }, 'https://agence-b.test', []);
    expect(own?.MAIL_FROM).toBe('site@ourthe-famenne.example.be');
  });
});
