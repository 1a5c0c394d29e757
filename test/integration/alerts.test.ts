/**
 * Saved searches end to end through the worker and its real D1 and KV: saved on a list
 * page, confirmed by double opt-in, matched after a CRM sync, mailed once with a one-click
 * unsubscribe, managed without an account, and digests and quotas respected.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoRaw, publish, isMessage } from './support.ts';
import { app } from '../../worker/index.ts';
import { syncExport } from '../../content/crm-publish.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { clearContentCache } from '../../worker/live/repository.ts';
import { notifyLead } from '../../worker/outbox/consumer.tsx';
import { queueDigests } from '../../worker/alerts/fan-out.ts';
import { AlertMailMessage } from '../../worker/queues/messages.ts';
import { sendAlertMail } from '../../worker/outbox/alert.tsx';
import type { OutgoingMail } from '../../worker/mail/message.ts';
import fr from '../../content/demo/translations/fr.json';

const isAlertMailMessage = isMessage(AlertMailMessage);

const ORIGIN = 'https://vitrine.test';
type Row = Record<string, unknown>;
let queued: unknown[] = [];
let visitor = 0;

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const bindings = { ...env, NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async (batch: { body: unknown }[]) => void queued.push(...batch.map((m) => m.body)) } };
  const response = await app.request(`${ORIGIN}${path}`, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const form = (path: string, fields: Record<string, string>, origin = ORIGIN) =>
  call(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor}` },
    body: new URLSearchParams(fields).toString(),
  });

const records = (): Row[] => structuredClone(demoRaw().properties) as Row[];
const { properties: _ignored, ...rest } = demoRaw();

async function sync(list: Row[], now = new Date()) {
  const outcome = await syncExport({ records: list, rest: structuredClone(rest), store: kvPublishStore(env.CONTENT), now });
  clearContentCache();
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome;
}

const run = (token = 'test-publish-hook-token') => call('/alerts/run', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

/** A house for sale in Namur at `price`: new to the catalogue. */
function newHouse(id: number, price: number): Row {
  const base = records().find((p) => p.ID === 2041) as Row;
  return { ...structuredClone(base), ID: id, RecordFile: `VI-${id}`, Price: price, Zip: '5000', City: 'Namur', CreateDate: '2026-11-25T08:00:00Z' };
}

async function mailsTo(email: string, leadKind: string): Promise<{ to: string; mail: OutgoingMail; kind: string | undefined }[]> {
  const lead = await env.DB.prepare('SELECT id FROM leads WHERE email = ? AND kind = ? ORDER BY rowid DESC').bind(email, leadKind).first<{ id: string }>();
  const sent: { to: string; mail: OutgoingMail; kind: string | undefined }[] = [];
  await notifyLead({ ...env, SITE_ORIGIN: ORIGIN }, lead?.id ?? '', async (_from, to, mail, kind) => void sent.push({ to, mail, kind }));
  return sent;
}

/** Saves the search and confirms it from its mail; the alert's row. */
async function subscribe(email: string, list = '/fr/a-vendre/?type=1&max=500000&sort=price-asc', frequency = 'instant') {
  const saved = await form('/forms/save-search', { lang: 'fr', email, frequency, consent: 'yes', list });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toMatchObject({ ok: true, messageKey: 'ALERT_CHECK_INBOX' });
  const [confirmation] = await mailsTo(email, 'save-search');
  const token = /\/alerts\/confirm\/([0-9a-f]{64})\//.exec(confirmation?.mail.text ?? '')?.[1] ?? '';
  expect((await form(`/alerts/confirm/${token}/`, {})).status).toBe(200);
  return env.DB.prepare('SELECT * FROM alerts WHERE email = ?').bind(email).first<{ id: number; status: string; token: string; list_url: string; consent_text: string; confirmed_at: string }>();
}

beforeEach(async () => {
  queued = [];
  await env.DB.batch(['alerts', 'alert_matches', 'alert_runs', 'alert_addresses', 'mail_quota', 'leads'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
  await publish();
  await sync(records(), new Date('2026-11-20T07:00:00Z'));
});

describe('saving a search', () => {
  it('is pending until confirmed: one confirmation mail, no agency mail, the consent kept; a link scanner confirms nothing', async () => {
    const saved = await form('/forms/save-search', { lang: 'fr', email: 'Ann@Example.be', consent: 'yes', list: '/fr/a-vendre/?type=1&sort=price-asc&page=2' });
    expect(saved.status).toBe(200);
    const row = await env.DB.prepare('SELECT * FROM alerts').first<{ status: string; email: string; list_url: string; frequency: string; consent_text: string; consent_at: string }>();
    expect(row).toMatchObject({ status: 'pending', email: 'ann@example.be', list_url: '/fr/a-vendre/?type=1', frequency: 'instant', consent_text: fr.ALERT_CONSENT_TEXT });
    const mails = await mailsTo('Ann@Example.be', 'save-search');
    expect(mails.map((m) => [m.to, m.kind])).toEqual([['Ann@Example.be', 'alert-confirmation']]);
    expect(mails[0]?.mail.text).toContain('À vendre · Maisons');
    const token = /\/alerts\/confirm\/([0-9a-f]{64})\//.exec(mails[0]?.mail.text ?? '')?.[1] ?? '';
    const page = await call(`/alerts/confirm/${token}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(fr.ALERT_CONFIRM_BUTTON);
    expect(page.headers.get('Referrer-Policy')).toBe('same-origin');
    expect((await env.DB.prepare('SELECT status FROM alerts').first<{ status: string }>())?.status).toBe('pending');
    expect((await form(`/alerts/confirm/${token}/`, {})).status).toBe(200);
    expect((await env.DB.prepare('SELECT status FROM alerts').first<{ status: string }>())?.status).toBe('confirmed');
  });

  it('names every criterion it saves in its mail, on the page that asks for the click and on the page that says it is active', async () => {
    const list = '/fr/a-vendre/?city=all-5000&city=ciney&max=400000&area=100&epc=c&garden=1';
    expect((await form('/forms/save-search', { lang: 'fr', email: 'bob@example.be', consent: 'yes', list })).status).toBe(200);
    const words = 'À vendre · Namur (toute la commune), Ciney · jusqu’à € 400.000 · Surface habitable min. 100 m² · Classe énergétique C ou mieux · Jardin';
    const [confirmation] = await mailsTo('bob@example.be', 'save-search');
    expect(confirmation?.mail.text).toContain(words);
    const token = /\/alerts\/confirm\/([0-9a-f]{64})\//.exec(confirmation?.mail.text ?? '')?.[1] ?? '';
    expect(await (await call(`/alerts/confirm/${token}/`)).text()).toContain(`Critères enregistrés\u00a0: ${words}`);
    expect(await (await form(`/alerts/confirm/${token}/`, {})).text()).toContain(`Critères enregistrés\u00a0: ${words}`);
  });

  it.each([
    ['no consent', { email: 'a@example.be', list: '/fr/a-vendre/' }, 'ALERT_CONSENT_REQUIRED'],
    ['a list of another site', { email: 'a@example.be', consent: 'yes', list: '//evil.example/fr/a-vendre/' }, 'ALERT_LIST_INVALID'],
    ['a page that is no list', { email: 'a@example.be', consent: 'yes', list: '/fr/contact/' }, 'ALERT_LIST_INVALID'],
    ['no address', { consent: 'yes', list: '/fr/a-vendre/' }, 'REQUIRED_FIELD'],
  ])('refuses %s with a clear message, and stores nothing', async (_what, fields, key) => {
    const refused = await form('/forms/save-search', { lang: 'fr', ...fields });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain(key);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM alerts').first<{ n: number }>())?.n).toBe(0);
  });

  it('refused without JavaScript, the form comes back on the list it was sent from, filters kept', async () => {
    const refused = await call('/forms/save-search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, 'CF-Connecting-IP': '198.51.100.201' },
      body: new URLSearchParams({ lang: 'fr', back: '/fr/a-vendre/?type=2&max=300000', email: 'a@example.be', list: '/fr/a-vendre/?type=2&max=300000' }).toString(),
    });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain(fr.ALERT_CONSENT_REQUIRED);
    // The list drawn is the filtered one: its maximum price field holds the filter.
    expect(html).toMatch(/name="max"[^>]*value="300000"/);
    expect(html).toMatch(/<details class="save-search" open/);
  });

  it("a stranger saving the same search for a subscriber's address changes nothing until the address confirms the change", async () => {
    const alert = await subscribe('ann@example.be', '/fr/a-vendre/', 'instant');
    const frequency = async () => (await env.DB.prepare('SELECT frequency FROM alerts WHERE id = ?').bind(alert?.id).first<{ frequency: string }>())?.frequency;
    expect((await form('/forms/save-search', { lang: 'fr', email: 'ANN@example.be', frequency: 'weekly', consent: 'yes', list: '/fr/a-vendre/' })).status).toBe(200);
    expect(await frequency()).toBe('instant');
    // The address is asked, by mail, to confirm the change.
    const [confirmation] = await mailsTo('ANN@example.be', 'save-search');
    expect(confirmation?.kind).toBe('alert-confirmation');
    const token = /\/alerts\/confirm\/([0-9a-f]{64})\//.exec(confirmation?.mail.text ?? '')?.[1] ?? '';
    expect(await frequency()).toBe('instant');
    expect((await form(`/alerts/confirm/${token}/`, {})).status).toBe(200);
    expect(await frequency()).toBe('weekly');
    // The same frequency again asks nothing and sends nothing.
    expect((await form('/forms/save-search', { lang: 'fr', email: 'ann@example.be', frequency: 'weekly', consent: 'yes', list: '/fr/a-vendre/' })).status).toBe(200);
    expect(await mailsTo('ann@example.be', 'save-search')).toEqual([]);
  });

  it('the demand register saves one alert per type asked, pending under one confirmation', async () => {
    const asked = await form('/forms/demand-register', {
      lang: 'fr',
      title: 'ms',
      firstName: 'Ann',
      lastName: 'Peeters',
      email: 'ann@example.be',
      phone: '0475123456',
      goal: 'sale',
      types: '1',
      zones: 'Namur',
      maxPrice: '400000',
    });
    expect(asked.status).toBe(200);
    const { results } = await env.DB.prepare('SELECT list_url, status FROM alerts').all<{ list_url: string; status: string }>();
    expect(results).toEqual([{ list_url: '/fr/a-vendre/?max=400000&type=1', status: 'pending' }]);
    const mails = await mailsTo('ann@example.be', 'demand-register');
    expect(mails.map((m) => m.kind)).toEqual(['agency-lead', 'alert-confirmation']);
  });
});

describe('the demand register takes only the catalogue’s types', () => {
  const register = (types: string[]) => {
    const body = new URLSearchParams({ lang: 'fr', title: 'ms', firstName: 'Eve', lastName: 'S', email: 'eve.types@example.be', phone: '0475123456', goal: 'sale', zones: 'Namur' });
    for (const type of types) body.append('types', type);
    return call('/forms/demand-register', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor}` },
      body: body.toString(),
    });
  };

  it('ten made-up types save no alert and store nothing', async () => {
    const response = await register(Array.from({ length: 10 }, (_, i) => `x${i}`));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'types', key: 'TYPE_UNKNOWN' }] });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM alerts').first<{ n: number }>())?.n).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE kind = 'demand-register'").first<{ n: number }>())?.n).toBe(0);
  });

  it('a type named twice is one alert, and one confirmation covers them all', async () => {
    expect((await register(['1', '1', '2'])).status).toBe(200);
    const { results } = await env.DB.prepare('SELECT list_url, confirm_token FROM alerts ORDER BY id').all<{ list_url: string; confirm_token: string }>();
    expect(results.map((r) => r.list_url)).toEqual(['/fr/a-vendre/?type=1', '/fr/a-vendre/?type=2']);
    expect(new Set(results.map((r) => r.confirm_token)).size).toBe(1);
    expect((await mailsTo('eve.types@example.be', 'demand-register')).map((m) => m.kind)).toEqual(['agency-lead', 'alert-confirmation']);
  });
});

describe('a search saved on an area of the map', () => {
  it('keeps the area, says so, and matches only what lies in it', async () => {
    // Around Namur's centre; Ciney lies outside it.
    const area = '4.8,50.4,4.95,50.5';
    const alert = await subscribe('area@example.be', `/fr/a-vendre/?type=1&bbox=${area}`);
    if (!alert) throw new Error('no alert');
    expect(decodeURIComponent(alert.list_url)).toBe(`/fr/a-vendre/?bbox=${area}&type=1`);
    const inside = { ...newHouse(9201, 300_000), Latitude: 50.4669, Longitude: 4.8675 };
    const outside = { ...newHouse(9202, 300_000), City: 'Ciney', Zip: '5590', Latitude: 50.2961, Longitude: 5.1006 };
    await sync([...records(), inside, outside], new Date('2026-11-25T07:00:00Z'));
    expect(await (await run()).json()).toMatchObject({ fresh: true, matches: 1 });
    const matched = await env.DB.prepare('SELECT property_id FROM alert_matches WHERE alert_id = ?').bind(alert.id).all<{ property_id: number }>();
    expect(matched.results.map((r) => r.property_id)).toEqual([9201]);
    const sent: OutgoingMail[] = [];
    await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, async (_f, _to, mail) => void sent.push(mail));
    expect(sent[0]?.subject).toContain('À vendre · Maisons · dans la zone tracée sur la carte');
  });
  it('keeps a travel time to a hub, says so, and matches only the new listings within it', async () => {
    const alert = await subscribe('commute@example.be', '/fr/a-vendre/?type=1&mins=30&hub=namur&sort=travel');
    if (!alert) throw new Error('no alert');
    expect(alert.list_url).toBe('/fr/a-vendre/?hub=namur&mins=30&type=1');
    // Beside Bouge Place (bus 4 to Namur, 11 minutes); the other 2 km from Ciney station, too far from any stop.
    const near = { ...newHouse(9211, 300_000), City: 'Bouge', Zip: '5004', PublishAddress: true, Latitude: 50.4695, Longitude: 4.8925 };
    const far = { ...newHouse(9212, 300_000), City: 'Ciney', Zip: '5590', PublishAddress: true, Latitude: 50.305635, Longitude: 5.087647 };
    await sync([...records(), near, far], new Date('2026-11-25T07:00:00Z'));
    expect(await (await run()).json()).toMatchObject({ fresh: true, matches: 1 });
    const matched = await env.DB.prepare('SELECT property_id FROM alert_matches WHERE alert_id = ?').bind(alert.id).all<{ property_id: number }>();
    expect(matched.results.map((r) => r.property_id)).toEqual([9211]);
    const sent: OutgoingMail[] = [];
    await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, async (_f, _to, mail) => void sent.push(mail));
    expect(sent[0]?.subject.replace(/\u00a0/g, ' ')).toContain('À vendre · Maisons · au plus 30 min jusqu’à Namur en transports en commun');
  });
});

describe('after a sync', () => {
  it('a matching new listing and a price drop: one mail with photo, price, town and link, List-Unsubscribe one-click; never twice', async () => {
    const alert = await subscribe('ann@example.be');
    if (!alert) throw new Error('no alert');
    const next = records().map((p) => (p.ID === 2071 ? { ...p, Price: 350_000 } : p));
    next.push(newHouse(9101, 420_000), newHouse(9102, 900_000));
    await sync(next, new Date('2026-11-25T07:00:00Z'));
    const response = await run();
    expect(await response.json()).toMatchObject({ fresh: true, matches: 2, queued: 1 });
    expect(queued.filter(isAlertMailMessage)).toEqual([{ alertMail: { alertId: alert.id } }]);

    const sent: { to: string; mail: OutgoingMail }[] = [];
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, async (_f, to, mail) => void sent.push({ to, mail }))).toBe('sent');
    const mail = sent[0]?.mail;
    expect(sent.map((s) => s.to)).toEqual(['ann@example.be']);
    expect(mail?.subject).toContain('2 biens pour votre alerte');
    expect(mail?.text).toContain(`${ORIGIN}/fr/a-vendre/namur/maison-3-facades/9101/`);
    expect(mail?.text).toContain('Prix réduit de 8 %');
    expect(mail?.text).not.toContain('/9102/');
    // JPEG, not WebP: some desktop Outlook versions show no WebP.
    expect(mail?.html).toContain(`<img src="${ORIGIN}/media/demo/2041/1.jpg?width=600&amp;format=jpeg"`);
    expect(mail?.headers).toEqual({ 'List-Unsubscribe': `<${ORIGIN}/alerts/unsubscribe/${alert.token}/>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail?.text).toMatch(/\/alerts\/manage\/[0-9a-f]{64}\//);

    // The same version again, and the same message delivered twice: nothing more.
    expect(await (await run()).json()).toMatchObject({ fresh: false, queued: 0 });
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, async () => void sent.push({ to: 'again', mail: sent[0]?.mail as OutgoingMail }))).toBe('nothing');
    expect(sent).toHaveLength(1);
  });

  it('the same drop brought back by a later publish is not told again; a further drop is', async () => {
    const alert = await subscribe('bea@example.be');
    if (!alert) throw new Error('no alert');
    const dropped = records().map((p) => (p.ID === 2071 ? { ...p, Price: 340_000 } : p));
    await sync(dropped, new Date('2026-11-26T07:00:00Z'));
    await run();
    const sent: OutgoingMail[] = [];
    const mailer = async (_f: string, _to: string, mail: OutgoingMail) => void sent.push(mail);
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, mailer)).toBe('sent');
    // A publish puts the old price back for a while, the next sync drops it again: the same news.
    await sync(records(), new Date('2026-11-26T08:00:00Z'));
    await run();
    await sync(dropped, new Date('2026-11-26T09:00:00Z'));
    expect(await (await run()).json()).toMatchObject({ fresh: true });
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, mailer)).toBe('nothing');
    // A real further drop is news.
    await sync(
      records().map((p) => (p.ID === 2071 ? { ...p, Price: 320_000 } : p)),
      new Date('2026-11-26T10:00:00Z'),
    );
    await run();
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, mailer)).toBe('sent');
    expect(sent).toHaveLength(2);
  });

  it('one-click unsubscribe from the mail client (a cross-site POST): nothing more arrives', async () => {
    const alert = await subscribe('ann@example.be');
    if (!alert) throw new Error('no alert');
    const unsubscribed = await call(`/alerts/unsubscribe/${alert.token}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect((await env.DB.prepare('SELECT status FROM alerts WHERE id = ?').bind(alert.id).first<{ status: string }>())?.status).toBe('unsubscribed');
    await sync([...records(), newHouse(9103, 300_000)], new Date('2026-11-25T08:00:00Z'));
    expect(await (await run()).json()).toMatchObject({ fresh: true, queued: 0, matches: 0 });
    // Other posts from another site are still refused.
    expect((await form(`/alerts/confirm/${'a'.repeat(64)}/`, {}, 'https://evil.example')).status).toBe(403);
  });

  it('the hook refuses a missing or wrong secret', async () => {
    expect((await call('/alerts/run', { method: 'POST' })).status).toBe(403);
    expect((await run('wrong-token-of-some-length')).status).toBe(403);
  });

  it('daily alerts wait for their digest; the digest goes once a day from 06:00 UTC', async () => {
    const alert = await subscribe('ann@example.be', '/fr/a-vendre/', 'daily');
    if (!alert) throw new Error('no alert');
    await sync([...records(), newHouse(9104, 300_000)], new Date('2026-11-25T08:00:00Z'));
    expect(await (await run()).json()).toMatchObject({ matches: 1, queued: 0 });
    queued = [];
    expect(await queueDigests(env, new Date('2026-11-26T05:00:00Z'))).toBe(0);
    const bindings = { ...env, NOTIFY: { sendBatch: async (batch: { body: unknown }[]) => void queued.push(...batch.map((m) => m.body)) } as unknown as Queue };
    expect(await queueDigests(bindings, new Date('2026-11-26T07:00:00Z'))).toBe(1);
    expect(queued).toEqual([{ alertMail: { alertId: alert.id } }]);
  });

  it("the subscriber's own daily budget holds alerts back until a later run; a stranger's forms cannot spend it", async () => {
    const alert = await subscribe('ann@example.be', '/fr/a-vendre/');
    if (!alert) throw new Error('no alert');
    await sync([...records(), newHouse(9105, 300_000)], new Date('2026-11-25T08:00:00Z'));
    await run();
    const mail = async () => undefined;
    const now = new Date();
    // Strangers' forms have spent what they may send this address today: alerts are another budget.
    await env.DB.prepare("UPDATE mail_quota SET sent = 99 WHERE scope = 'visitor:recipient'").run();
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, mail, now)).toBe('sent');
    await sync([...records(), newHouse(9105, 300_000), newHouse(9106, 310_000)], new Date('2026-11-25T09:00:00Z'));
    await run();
    // Two more alert mails today: the subscriber's three are spent, the news waits.
    await env.DB.prepare("UPDATE mail_quota SET sent = sent + 2 WHERE scope = 'subscriber:recipient'").run();
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, mail, new Date(now.getTime() + 60_000))).toBe('deferred');
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM alert_matches WHERE sent_at IS NULL').first<{ n: number }>())?.n).toBe(1);
    expect(await sendAlertMail({ ...env, SITE_ORIGIN: ORIGIN }, alert.id, mail, new Date(now.getTime() + 86_400_000))).toBe('sent');
  });
});

describe('the manage page', () => {
  it('lists the alerts of the address, changes how often one mails, and deletes them, without an account', async () => {
    await subscribe('ann@example.be');
    await subscribe('ann@example.be', '/fr/a-louer/');
    const manage = (await env.DB.prepare('SELECT manage_token FROM alert_addresses').first<{ manage_token: string }>())?.manage_token ?? '';
    const page = await call(`/alerts/manage/${manage}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('ann@example.be');
    expect(html).toContain('À vendre · Maisons · jusqu’à € 500.000');
    expect(html).toContain('À louer');
    const [first] = (await env.DB.prepare('SELECT id FROM alerts ORDER BY id').all<{ id: number }>()).results;
    expect((await form(`/alerts/manage/${manage}/`, { alert: String(first?.id), action: 'frequency', frequency: 'weekly' })).status).toBe(200);
    expect((await env.DB.prepare('SELECT frequency FROM alerts WHERE id = ?').bind(first?.id).first<{ frequency: string }>())?.frequency).toBe('weekly');
    expect((await form(`/alerts/manage/${manage}/`, { alert: 'all', action: 'delete' })).status).toBe(200);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM alerts WHERE status = 'unsubscribed'").first<{ n: number }>())?.n).toBe(2);
    // Another address's alerts are out of reach of this link.
    expect((await call(`/alerts/manage/${'0'.repeat(64)}/`)).status).toBe(404);
  });

  it("a manage link changes nothing of another address's alerts, even when it names their id", async () => {
    const victim = await subscribe('victim@example.be', '/fr/a-vendre/', 'instant');
    await subscribe('eve@example.be', '/fr/a-louer/');
    const eve = (await env.DB.prepare("SELECT manage_token FROM alert_addresses WHERE email = 'eve@example.be'").first<{ manage_token: string }>())?.manage_token ?? '';
    await form(`/alerts/manage/${eve}/`, { alert: String(victim?.id), action: 'frequency', frequency: 'weekly' });
    await form(`/alerts/manage/${eve}/`, { alert: String(victim?.id), action: 'delete' });
    expect(await env.DB.prepare('SELECT frequency, status FROM alerts WHERE id = ?').bind(victim?.id).first()).toEqual({ frequency: 'instant', status: 'confirmed' });
  });
});
