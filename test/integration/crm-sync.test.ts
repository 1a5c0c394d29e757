/**
 * The CRM sync through the worker's real KV: an export published as a new version, what
 * changed shown on the pages (price drops with the real previous price and day, withdrawn
 * listings answering 410 with similar ones, moved URLs redirecting), an identical run
 * publishing nothing, and a bad record held back alone.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoRaw, publish, request } from './support.ts';
import { syncExport } from '../../content/crm-publish.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { contentKeys } from '../../domain/bundles.ts';
import { clearContentCache } from '../../worker/live/repository.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';

type Row = Record<string, unknown>;
const rest = () => {
  const { properties: _properties, ...others } = demoRaw();
  return others;
};
const records = (): Row[] => structuredClone(demoRaw().properties) as Row[];

async function sync(list: unknown, now: Date) {
  const outcome = await syncExport({ records: list, rest: rest(), store: kvPublishStore(env.CONTENT), now });
  clearContentCache();
  return outcome;
}

async function pathOf(id: number, lang = 'fr'): Promise<string> {
  const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
  const view = await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, lang as 'fr', id), 'json');
  return view?.card.path ?? '';
}

beforeEach(async () => {
  await publish();
  // The first sync against the published demo: it announces nothing.
  const first = await sync(records(), new Date('2026-11-12T07:00:00Z'));
  expect(first).toMatchObject({ ok: true, changes: { added: [], changed: [], priceDrops: [], removed: [] } });
});

describe('a CRM export', () => {
  it('a new listing and a price drop: both published, the drop shown with the real previous price and day', async () => {
    const next = records().map((p) => (p.ID === 2041 ? { ...p, Price: 420_000 } : p));
    next.push({ ...structuredClone(next[1] as Row), ID: 9001, RecordFile: 'VI-9001' });
    const outcome = await sync(next, new Date('2026-11-25T07:00:00Z'));
    expect(outcome).toMatchObject({ ok: true, changes: { added: [9001], priceDrops: [2041], changed: [2041], removed: [] } });
    const detail = await request(await pathOf(2041));
    const html = await detail.text();
    expect(html).toContain('Prix réduit de 7 % le 25/11');
    expect(html).toMatch(/<del class="price__previous"><span class="visually-hidden">Ancien prix\u00a0:(<!-- -->)? <\/span>€ 450\.000<\/del> <span class="price__amount">€ 420\.000/);
    // The offer's price in JSON-LD is the current one.
    expect(html).toContain('"price":420000');
    expect((await request(await pathOf(9001))).status).toBe(200);
    const nl = await (await request(await pathOf(2041, 'nl'))).text();
    expect(nl).toContain('Prijs verlaagd met 7 % op 25/11');
  });

  it('an identical second run publishes nothing', async () => {
    const live = await env.CONTENT.get(contentKeys.pointer);
    const again = await sync(records(), new Date('2026-11-26T07:00:00Z'));
    expect(again).toMatchObject({ ok: true, version: null });
    expect(await env.CONTENT.get(contentKeys.pointer)).toBe(live);
  });

  it('a listing missing from the export answers 410 at once, says so, and offers similar properties', async () => {
    const path = await pathOf(2041);
    const outcome = await sync(
      records().filter((p) => p.ID !== 2041),
      new Date('2026-11-25T07:00:00Z'),
    );
    expect(outcome).toMatchObject({ ok: true, changes: { removed: [2041] } });
    const gone = await request(path);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain('Ce bien n’est plus disponible');
    expect(html).toContain('class="similar"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it('a town renamed in the CRM: the old URL redirects (301) to the new one', async () => {
    const old = await pathOf(2041);
    await sync(
      records().map((p) => (p.ID === 2041 ? { ...p, City: 'Anseremme', Zip: '5500' } : p)),
      new Date('2026-11-25T07:00:00Z'),
    );
    const moved = await request(old, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe(await pathOf(2041));
    expect(moved.headers.get('Location')).toContain('anseremme');
  });

  it('a bad record is held back alone, named with its field; the rest is published', async () => {
    const before = records();
    const next = before.map((p) => (p.ID === 2044 ? { ...p, Price: 'à discuter' } : p.ID === 2041 ? { ...p, Price: 430_000 } : p));
    const outcome = await sync(next, new Date('2026-11-25T07:00:00Z'));
    // Live, with its last published form at hand? Not here: the run is refused, naming it.
    expect(outcome).toMatchObject({ ok: false, refusal: { reason: 'implausible-record', detail: expect.stringMatching(/^2044 Price = à discuter: \[\d+\] /) } });
    const kept = await syncExport({ records: next, rest: rest(), store: kvPublishStore(env.CONTENT), now: new Date('2026-11-25T07:00:00Z'), previousRecords: before });
    clearContentCache();
    expect(kept).toMatchObject({ ok: true, held: [{ id: 2044, field: 'Price', value: 'à discuter' }] });
    expect((await request(await pathOf(2044))).status).toBe(200);
    const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
    const card = async (id: number) => (await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, 'fr', id), 'json'))?.card;
    expect((await card(2044))?.price).toBe(before.find((p) => p.ID === 2044)?.Price);
    expect((await card(2041))?.price).toBe(430_000);
  });
});

describe('the feed guard', () => {
  const live = () => env.CONTENT.get(contentKeys.pointer);

  it.each([
    ['an empty export', () => [], { reason: 'empty', live: 75, affected: 75 }],
    ['a tenth of the list', () => records().slice(0, 7), { reason: 'mass-withdrawal', live: 75, affected: 68 }],
    ['a quarter withdrawn', () => records().slice(17), { reason: 'mass-withdrawal', live: 75, affected: 17 }],
  ])('%s publishes nothing and every listing stays online', async (_what, list, refusal) => {
    const before = await live();
    const path = await pathOf(2071);
    const outcome = await sync(list(), new Date('2026-11-25T07:00:00Z'));
    expect(outcome).toEqual({ ok: false, refusal: { ...refusal, detail: expect.any(String) } });
    expect(await live()).toBe(before);
    expect((await request(path)).status).toBe(200);
  });

  it('withdraws up to the share site.json allows (20 %), and more when the operator confirms it', async () => {
    expect(await sync(records().slice(13), new Date('2026-11-25T07:00:00Z'))).toMatchObject({
      ok: true,
      changes: {
        removed: records()
          .slice(0, 13)
          .map((p) => p.ID),
      },
    });
    const path = await pathOf(2071);
    const confirmed = await syncExport({ records: [], rest: rest(), store: kvPublishStore(env.CONTENT), now: new Date('2026-11-26T07:00:00Z'), confirm: true });
    clearContentCache();
    expect(confirmed).toMatchObject({ ok: true, changes: { removed: expect.arrayContaining([2071]) } });
    expect((await request(path)).status).toBe(410);
  });

  it('a listing back within 30 days is no new listing, and keeps its price history', async () => {
    await sync(
      records().map((p) => (p.ID === 2041 ? { ...p, Price: 430_000 } : p)),
      new Date('2026-11-13T07:00:00Z'),
    );
    await sync(
      records().filter((p) => p.ID !== 2041),
      new Date('2026-11-14T07:00:00Z'),
    );
    const back = await sync(
      records().map((p) => (p.ID === 2041 ? { ...p, Price: 430_000 } : p)),
      new Date('2026-12-01T07:00:00Z'),
    );
    expect(back).toMatchObject({ ok: true, changes: { added: [], changed: [2041] } });
    const pointer = (await live()) ?? '';
    const changes = await env.CONTENT.get<{ added: number[] }>(contentKeys.changes(pointer), 'json');
    expect(changes?.added).toEqual([]);
    const sync2041 = (await env.CONTENT.get<{ listings: Record<string, { prices: { price: number }[] }> }>(contentKeys.sync(pointer), 'json'))?.listings['2041'];
    expect(sync2041?.prices.map((p) => p.price)).toEqual([450_000, 430_000]);
  });

  it('a listing back after more than 30 days is new again', async () => {
    await sync(
      records().filter((p) => p.ID !== 2041),
      new Date('2026-11-13T07:00:00Z'),
    );
    const back = await sync(records(), new Date('2026-12-20T07:00:00Z'));
    expect(back).toMatchObject({ ok: true, changes: { added: [2041] } });
  });
});

describe('one duplicate reference holds back only its listing', () => {
  it('a new listing with a live listing’s RecordFile waits; the rest of the export is published', async () => {
    const store = kvPublishStore(env.CONTENT);
    const list = records();
    const first = await syncExport({ records: list, rest: rest(), store, now: new Date('2026-11-26T06:00:00Z') });
    expect(first.ok).toBe(true);
    const twin = { ...(list[0] as Row), ID: 9401, RecordFile: (list[0] as { RecordFile: string }).RecordFile };
    const changed = list.map((r, i) => (i === 1 ? { ...r, Price: Number(r.Price) - 5_000 } : r));
    const lines: string[] = [];
    const outcome = await syncExport({ records: [...changed, twin], rest: rest(), store, now: new Date('2026-11-26T06:15:00Z'), log: (line) => lines.push(line) });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.held).toContainEqual(expect.objectContaining({ id: 9401, field: 'RecordFile' }));
    expect(outcome.changes.added).not.toContain(9401);
    expect(outcome.changes.priceDrops).toContain((list[1] as { ID: number }).ID);
    expect(lines.some((line) => line.startsWith('Held back: 9401 RecordFile'))).toBe(true);
  });
});
