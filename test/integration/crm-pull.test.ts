/**
 * The scheduled CRM pull against fake servers that answer as a plain feed, Omnicasa and
 * Whise do (Hono apps, called through `fetch`'s shape): the first pull reads everything,
 * later ones ask for changes since the watermark minus the overlap, Omnicasa's deleted ids
 * and Whise's daily id reconciliation withdraw listings, status codes are mapped, and a bad
 * record publishes nothing and keeps the watermark.
 */
import { env } from 'cloudflare:workers';
import { createMessageBatch } from 'cloudflare:test';
import { handleNotifications } from '../../worker/outbox/consumer.tsx';
import { Hono, type Context } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoRaw, publish, request, crmBindings } from './support.ts';
import { scheduledPull } from '../../worker/crm/scheduled-pull.ts';
import { WATERMARK_OVERLAP_MS } from '../../content/crm/pull.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';
import { contentKeys } from '../../domain/bundles.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';

type Row = Record<string, unknown>;
const T0 = new Date('2026-11-25T08:00:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const demo = (): Row[] => structuredClone(demoRaw().properties) as Row[];

const bindings = crmBindings;

const through =
  (app: Hono): Fetcher =>
  async (input, init) =>
    app.request(input, init);

async function card(id: number) {
  const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
  return (await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, 'fr', id), 'json'))?.card ?? null;
}

beforeEach(async () => {
  await publish();
  await env.FILES.delete(['crm/records.json', 'crm/state.json']);
  await env.DB.prepare('DELETE FROM crm_runs').run();
});

describe('a plain feed', () => {
  it('reads the complete list with its bearer token, publishes changes, and says when nothing changed', async () => {
    let records = demo();
    const feed = new Hono().get('/export.json', (c) => (c.req.header('Authorization') === 'Bearer agency' ? c.json(records) : c.json({ error: 'no' }, 401)));
    const e = bindings('feed', 'https://crm.fake/export.json');
    expect((await scheduledPull(e, T0, through(feed))).status).toBe('published');
    records = records.map((p) => (p.ID === 2041 ? { ...p, Price: 430_000 } : p));
    const dropped = await scheduledPull(e, later(15), through(feed));
    expect(dropped).toMatchObject({ status: 'published' });
    expect(JSON.parse((dropped as { summary: string }).summary)).toMatchObject({ priceDrops: [2041] });
    expect((await card(2041))?.priceDrop).toEqual({ from: 450_000, on: '2026-11-25' });
    expect((await scheduledPull(e, later(30), through(feed))).status).toBe('unchanged');
    const runs = await env.DB.prepare('SELECT status FROM crm_runs ORDER BY id').all<{ status: string }>();
    expect(runs.results.map((r) => r.status)).toEqual(['published', 'published', 'unchanged']);
  });

  it('is off without an adapter, and a feed that fails is logged, not thrown', async () => {
    expect(await scheduledPull({ ...bindings('', '') }, T0)).toEqual({ status: 'off' });
    const down = new Hono().get('*', (c) => c.text('down', 502));
    expect(await scheduledPull(bindings('feed', 'https://crm.fake/export.json'), T0, through(down))).toMatchObject({
      status: 'refused',
      reason: 'unreachable',
      summary: expect.stringContaining('502'),
    });
  });
});

describe('what the official layers say', () => {
  it('fills the P-score the CRM left out, publishes a contradicted flood zone as the CRM says it, and tells the agency once per change', async () => {
    let records = demo();
    const queued: unknown[] = [];
    const feed = new Hono().get('/export.json', (c) => c.json(records));
    const e = bindings('feed', 'https://crm.fake/export.json', queued);
    const conflicts = () => queued.filter((m): m is { landConflict: { listings: unknown[] } } => typeof m === 'object' && m !== null && 'landConflict' in m);
    const first = await scheduledPull(e, T0, through(feed));
    const summary = JSON.parse((first as { summary: string }).summary) as Record<string, unknown>;
    expect(summary.landFilled).toEqual([{ id: 2110, field: 'PScore', value: 'A' }]);
    expect(summary.landConflicts).toEqual([{ id: 2046, field: 'FloodZone', crm: 'none', layer: 'medium' }]);
    // 2110 no longer lacks its P-score; the permit no layer answers still shows as a gap.
    expect(summary.legalGaps).toEqual(expect.arrayContaining([{ id: 2110, missing: ['permit'] }]));
    const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
    const page2046 = await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, 'fr', 2046), 'json');
    expect(page2046?.fields.FloodZone).toBe('none');
    expect(page2046?.land?.facts.find((f) => f.topic === 'flood')).toMatchObject({ cls: 'medium', crm: 'none' });
    expect(conflicts()).toEqual([{ landConflict: { listings: [{ id: 2046, field: 'FloodZone', crm: 'none', layer: 'medium' }], at: T0.toISOString() } }]);
    // The same disagreement at the next runs: no second mail.
    records = records.map((p) => (p.ID === 2041 ? { ...p, Price: 440_000 } : p));
    await scheduledPull(e, later(15), through(feed));
    await scheduledPull(e, later(30), through(feed));
    expect(conflicts()).toHaveLength(1);
    // A second disagreement is news: one mail naming both.
    records = records.map((p) => (p.ID === 2064 ? { ...p, FloodZone: 'low' } : p));
    await scheduledPull(e, later(45), through(feed));
    expect(conflicts()).toHaveLength(2);
    expect(conflicts()[1]?.landConflict.listings).toEqual([
      { id: 2046, field: 'FloodZone', crm: 'none', layer: 'medium' },
      { id: 2064, field: 'FloodZone', crm: 'low', layer: 'high' },
    ]);
    // The consumer mails it to the agency's inbox, in the site's language, naming the listing, the field and both values.
    await env.DB.prepare('DELETE FROM mail_log').run();
    await handleNotifications(createMessageBatch<unknown>('vitrine-notify', [{ id: 'l1', timestamp: new Date(), attempts: 1, body: conflicts()[1] }]), env);
    const mail = await env.DB.prepare("SELECT recipient, subject, text FROM mail_log WHERE kind = 'land-conflict'").first<{ recipient: string; subject: string; text: string }>();
    expect(mail).toMatchObject({
      recipient: env.AGENCY_INBOX,
      subject: expect.stringContaining('2 annonce(s) contredite(s) par une carte officielle'),
      text: expect.stringMatching(/2064\s:\sFloodZone = low dans votre logiciel, high sur la carte officielle/),
    });
  });
});

describe('Omnicasa', () => {
  /** Omnicasa's JSON service: our records plus its SubStatus code, ChangeSince on ModifyDate. */
  function omnicasa(items: Row[], deleted: { id: number; at: string }[], asked: string[]) {
    const app = new Hono();
    const params = (q: string | undefined) => JSON.parse(q ?? '{}') as { CustomerName?: string; CustomerPassword?: string; ChangeSince?: string; Limit?: number; Offset?: number };
    app.get('/api/GetPropertyListJson', (c) => {
      const p = params(c.req.query('json'));
      if (p.CustomerName !== 'agency' || p.CustomerPassword !== 'secret') return c.json({ GetPropertyListJsonResult: { Success: false, ErrorMessage: 'login' } });
      asked.push(p.ChangeSince ?? 'all');
      const since = p.ChangeSince;
      const found = items.filter((i) => !since || String(i.ModifyDate) >= since);
      return c.json({ GetPropertyListJsonResult: { Success: true, Value: { Items: found.slice(p.Offset ?? 0, (p.Offset ?? 0) + (p.Limit ?? 100)), RowCount: found.length } } });
    });
    app.get('/api/GetDeletedPropertyIDsJson', (c) => {
      const since = params(c.req.query('json')).ChangeSince ?? '';
      return c.json({ GetDeletedPropertyIDsJsonResult: { Success: true, Value: deleted.filter((d) => d.at >= since).map((d) => d.id) } });
    });
    return app;
  }

  it('changes since the watermark minus the overlap, deleted ids, status codes mapped; one bad record is held back alone', async () => {
    const items: Row[] = demo().map((p) => ({ ...p, SubStatus: 1, ModifyDate: '2026-11-01T00:00:00Z' }));
    const deleted: { id: number; at: string }[] = [];
    const asked: string[] = [];
    const queued: unknown[] = [];
    const e = bindings('omnicasa', 'https://omnicasa.fake/api', queued);
    expect((await scheduledPull(e, T0, through(omnicasa(items, deleted, asked)))).status).toBe('published');
    expect(asked).toEqual(['all']);

    const path2042 = (await card(2042))?.path ?? '';
    const at = later(10).toISOString();
    const i2041 = items.findIndex((p) => p.ID === 2041);
    items[i2041] = { ...items[i2041], Price: 420_000, ModifyDate: at };
    const i2071 = items.findIndex((p) => p.ID === 2071);
    items[i2071] = { ...items[i2071], SubStatus: 3, ModifyDate: at };
    items.push({ ...structuredClone(items[1] as Row), ID: 9201, RecordFile: 'VI-9201', SubStatus: 1, ModifyDate: at });
    deleted.push({ id: 2042, at });
    const second = await scheduledPull(e, later(15), through(omnicasa(items, deleted, asked)));
    expect(asked[1]).toBe(new Date(T0.getTime() - WATERMARK_OVERLAP_MS).toISOString());
    expect(JSON.parse((second as { summary: string }).summary)).toMatchObject({ added: [9201], changed: [2041, 2071], priceDrops: [2041], removed: [2042], heldBack: [] });
    // The run's record names the listings published with a gap in what the law asks them to state.
    expect(JSON.parse((second as { summary: string }).summary).legalGaps).toEqual(expect.arrayContaining([expect.objectContaining({ id: 2110 })]));
    expect((await card(2071))?.status).toBe('sold');
    // Deleted in the CRM: gone for good, with similar properties.
    expect((await request(path2042)).status).toBe(410);

    // One odd record: the rest goes on, the listing keeps its last published form, and the agency is told once.
    const live = await env.CONTENT.get(contentKeys.pointer);
    items[i2041] = { ...items[i2041], Price: 'on request', ModifyDate: later(20).toISOString() };
    const held = await scheduledPull(e, later(30), through(omnicasa(items, deleted, asked)));
    expect(held).toMatchObject({ status: 'unchanged', summary: expect.stringMatching(/"implausible":\[\{"id":2041,"field":"Price","value":"on request"\}\]/) });
    expect(await env.CONTENT.get(contentKeys.pointer)).toBe(live);
    expect((await card(2041))?.price).toBe(420_000);
    expect(queued.filter((m) => typeof m === 'object' && m !== null && 'crmHeld' in m)).toEqual([
      { crmHeld: { listings: [{ id: 2041, field: 'Price', value: 'on request' }], at: later(30).toISOString() } },
    ]);
    // The same odd record at the next run: no second mail.
    await scheduledPull(e, later(45), through(omnicasa(items, deleted, asked)));
    expect(queued.filter((m) => typeof m === 'object' && m !== null && 'crmHeld' in m)).toHaveLength(1);
    // Fixed in the CRM: published at the next run.
    items[i2041] = { ...items[i2041], Price: 410_000, ModifyDate: later(50).toISOString() };
    expect(await scheduledPull(e, later(60), through(omnicasa(items, deleted, asked)))).toMatchObject({ status: 'published' });
    expect((await card(2041))?.price).toBe(410_000);
  });
});

/** A Whise estate as its API lists it. */
const estate = (id: number, price: number, purposeStatus = 1, updated = '2026-11-01T00:00:00Z'): Row => ({
  id,
  referenceNumber: `W-${id}`,
  purpose: { id: 1 },
  purposeStatus: { id: purposeStatus },
  category: { id: 1, name: 'Maison' },
  address: 'Rue de Fer',
  number: '1',
  zip: '5000',
  city: 'Namur',
  country: { id: 1 },
  price,
  rooms: 3,
  area: 150,
  latitude: 50.46,
  longitude: 4.86,
  energyClass: 'B',
  energyValue: 120,
  shortDescription: [{ languageId: 'fr-BE', content: 'Maison lumineuse' }],
  pictures: [{ id: 1, urlXXL: 'https://whise.fake/1.jpg' }],
  createDateTime: '2026-10-01T00:00:00Z',
  updateDateTime: updated,
});

describe('Whise', () => {
  /** Whise's API: two tokens, then estates/list filtered by UpdateDateTimeRange, or only ids. */
  function whise(estates: Row[], asked: unknown[]) {
    const app = new Hono();
    app.post('/token', async (c) => ((await c.req.json()).Password === 'secret' ? c.json({ token: 'user-token' }) : c.json({}, 401)));
    app.post('/v1/admin/clients/token', async (c) => (c.req.header('Authorization') === 'Bearer user-token' ? c.json({ token: 'client-token' }) : c.json({}, 401)));
    app.post('/v1/estates/list', async (c) => {
      if (c.req.header('Authorization') !== 'Bearer client-token') return c.json({}, 401);
      const body = (await c.req.json()) as { Filter: { UpdateDateTimeRange?: { Min: string; Max: string } }; Page: { Limit: number; Offset: number }; Field?: { included: string[] } };
      asked.push(body.Field ? 'ids' : (body.Filter.UpdateDateTimeRange?.Min ?? 'all'));
      const range = body.Filter.UpdateDateTimeRange;
      const found = estates.filter((e) => !range || (String(e.updateDateTime) >= range.Min && String(e.updateDateTime) <= range.Max));
      const page = found.slice(body.Page.Offset, body.Page.Offset + body.Page.Limit);
      return c.json({ estates: body.Field ? page.map((e) => ({ id: e.id })) : page, totalCount: found.length, isValidRequest: true });
    });
    return app;
  }

  it('maps estates, reads changes by update time, and withdraws what the daily id list no longer has', async () => {
    const estates = [estate(31, 300_000), estate(32, 250_000), estate(33, 280_000)];
    const asked: unknown[] = [];
    // The agency moves its three listings to Whise: replacing the demo's 75 is a mass withdrawal the operator confirmed.
    const e = { ...bindings('whise', 'https://whise.fake'), CRM_CONFIRM_WITHDRAWAL_UNTIL: '2026-11-27T00:00:00Z' };
    expect((await scheduledPull(e, T0, through(whise(estates, asked)))).status).toBe('published');
    expect((await card(31))?.path).toBe('/fr/a-vendre/namur/maisons/31/');
    expect((await card(31))?.price).toBe(300_000);

    // Same day: a price drop and a sale come through the update range; a deletion cannot.
    estates[0] = estate(31, 285_000, 1, later(5).toISOString());
    estates[1] = estate(32, 250_000, 3, later(5).toISOString());
    estates.splice(2, 1);
    const sameDay = await scheduledPull(e, later(15), through(whise(estates, asked)));
    expect(JSON.parse((sameDay as { summary: string }).summary)).toMatchObject({ added: [], changed: [31, 32], priceDrops: [31], removed: [], heldBack: [] });
    expect((await card(32))?.status).toBe('sold');
    expect(asked.slice(1)).toEqual([new Date(T0.getTime() - WATERMARK_OVERLAP_MS).toISOString()]);

    // The next day the complete list of ids is read: 33 is withdrawn and answers 410.
    const nextDay = await scheduledPull(e, new Date('2026-11-26T08:00:00Z'), through(whise(estates, asked)));
    expect(JSON.parse((nextDay as { summary: string }).summary)).toMatchObject({ removed: [33] });
    expect(asked.at(-1)).toBe('ids');
    expect((await request('/fr/a-vendre/namur/maisons/33/')).status).toBe(410);
  });
});

describe('the feed guard: an answer that cannot be trusted leaves every listing online', () => {
  const live = () => env.CONTENT.get(contentKeys.pointer);
  const runs = async () => (await env.DB.prepare('SELECT status, reason FROM crm_runs ORDER BY id').all<{ status: string; reason: string | null }>()).results;
  const state = async () => (await env.FILES.get('crm/state.json'))?.text() ?? null;

  it.each([
    ['{}', (c: Context) => c.json({}), 'unreachable'],
    ['[]', (c: Context) => c.json([]), 'empty'],
    ['a 500', (c: Context) => c.text('Internal Server Error', 500), 'unreachable'],
    ['truncated JSON', (c: Context) => c.body(JSON.stringify(demo()).slice(0, 5000), 200, { 'Content-Type': 'application/json' }), 'unreachable'],
    ['a tenth of the list', (c: Context) => c.json(demo().slice(0, 7)), 'mass-withdrawal'],
  ])('a plain feed answering %s: refused with its reason, watermark kept, the agency mailed once', async (_what, answer, reason) => {
    const queued: unknown[] = [];
    const e = bindings('feed', 'https://crm.fake/export.json', queued);
    let good = true;
    const feed = new Hono().get('/export.json', (c) => (good ? c.json(demo()) : answer(c)));
    expect((await scheduledPull(e, T0, through(feed))).status).toBe('published');
    const before = { pointer: await live(), watermark: await state() };
    const path = (await card(2071))?.path ?? '';
    good = false;
    expect(await scheduledPull(e, later(15), through(feed))).toMatchObject({ status: 'refused', reason });
    expect(await scheduledPull(e, later(30), through(feed))).toMatchObject({ status: 'refused', reason });
    expect({ pointer: await live(), watermark: await state() }).toEqual(before);
    expect((await request(path)).status).toBe(200);
    expect(await runs()).toEqual([
      { status: 'published', reason: null },
      { status: 'refused', reason },
      { status: 'refused', reason },
    ]);
    // One mail when the refusals start, none while they go on.
    // (The first, published run told of the demo's flood-zone disagreement; refusals are their own mail.)
    const refusals = () => queued.filter((m) => typeof m === 'object' && m !== null && 'crmRefused' in m);
    expect(refusals()).toEqual([{ crmRefused: { reason, summary: expect.any(String), at: later(15).toISOString() } }]);
    // The consumer mails it to the agency's inbox, in the site's language, with the reason.
    await env.DB.prepare('DELETE FROM mail_log').run();
    await handleNotifications(createMessageBatch<unknown>('vitrine-notify', [{ id: 'r1', timestamp: new Date(), attempts: 1, body: refusals()[0] }]), env);
    const mail = await env.DB.prepare("SELECT recipient, subject, text FROM mail_log WHERE kind = 'crm-refused'").first<{ recipient: string; subject: string; text: string }>();
    expect(mail).toMatchObject({
      recipient: env.AGENCY_INBOX,
      subject: expect.stringContaining('synchronisation avec votre logiciel immobilier a été refusée'),
      text: expect.stringContaining('Vos biens restent en ligne'),
    });
    // Back to normal, then a new refusal: the agency hears of it again.
    good = true;
    expect((await scheduledPull(e, later(45), through(feed))).status).toBe('unchanged');
    good = false;
    await scheduledPull(e, later(60), through(feed));
    expect(refusals()).toHaveLength(2);
  });

  it('a fake Omnicasa answering {} leaves every listing online, as does a result without its list', async () => {
    const e = bindings('omnicasa', 'https://omnicasa.fake/api');
    const path = (await card(2071))?.path ?? '';
    const empty = new Hono().get('*', (c) => c.json({}));
    expect(await scheduledPull(e, T0, through(empty))).toMatchObject({ status: 'refused', reason: 'unreachable' });
    const noItems = new Hono().get('*', (c) => c.json({ GetPropertyListJsonResult: { Success: true, Value: {} }, GetDeletedPropertyIDsJsonResult: { Success: true, Value: {} } }));
    expect(await scheduledPull(e, later(15), through(noItems))).toMatchObject({ status: 'refused', summary: expect.stringContaining('no list of records') });
    expect((await request(path)).status).toBe(200);
    expect((await request('/fr/a-vendre/')).status).toBe(200);
  });

  it('an Omnicasa list cut off before the count it announced publishes nothing', async () => {
    const items = demo().map((p) => ({ ...p, SubStatus: 1 }));
    const short = new Hono().get('/api/GetPropertyListJson', (c) => c.json({ GetPropertyListJsonResult: { Success: true, Value: { Items: items.slice(0, 50), RowCount: 68 } } }));
    expect(await scheduledPull(bindings('omnicasa', 'https://omnicasa.fake/api'), T0, through(short))).toMatchObject({ status: 'refused', summary: expect.stringContaining('cut off at 50 of 68') });
  });

  it('a Whise id list answering {} withdraws nothing', async () => {
    const estates = Array.from({ length: 120 }, (_, i) => estate(9000 + i, 200_000 + i));
    const app = new Hono();
    let broken = false;
    app.post('/token', (c) => c.json({ token: 'u' }));
    app.post('/v1/admin/clients/token', (c) => c.json({ token: 'c' }));
    app.post('/v1/estates/list', async (c) => {
      const body = (await c.req.json()) as { Page: { Offset: number }; Field?: unknown };
      if (broken && body.Field) return c.json({});
      return c.json({ estates: estates.slice(body.Page.Offset, body.Page.Offset + 100), totalCount: estates.length });
    });
    const e = { ...bindings('whise', 'https://whise.fake'), CRM_CONFIRM_WITHDRAWAL_UNTIL: '2026-11-25T09:00:00Z' };
    expect((await scheduledPull(e, T0, through(app))).status).toBe('published');
    broken = true;
    const pointer = await live();
    expect(await scheduledPull(e, new Date('2026-11-26T08:00:00Z'), through(app))).toMatchObject({ status: 'refused', reason: 'unreachable' });
    expect(await live()).toBe(pointer);
  });
});
