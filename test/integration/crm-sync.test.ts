/**
 * The CRM sync through the worker's real KV: an export published as a new version, what
 * changed shown on the pages (price drops with the real previous price and day, withdrawn
 * listings answering 410 with similar ones, moved URLs redirecting), an identical run
 * publishing nothing, and a bad record publishing nothing.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoRaw, publish, request } from './support.ts';
import { syncExport } from '../../content/crm-publish.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { contentKeys } from '../../domain/bundles.ts';
import { clearContentCache } from '../../worker/content/repository.ts';
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
    expect(html).toMatch(/<del class="price__previous"><span class="visually-hidden">Ancien prix :(<!-- -->)? <\/span>€ 450\.000<\/del> <span class="price__amount">€ 420\.000/);
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

  it('a bad record names itself and its field, and nothing is published', async () => {
    const live = await env.CONTENT.get(contentKeys.pointer);
    const next = records().map((p) => (p.ID === 2044 ? { ...p, Price: 'à discuter' } : p));
    next.push({ ...structuredClone(next[1] as Row), ID: 9002 });
    const outcome = await sync(next, new Date('2026-11-25T07:00:00Z'));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map((p) => `${p.path}: ${p.reason}`).join('\n')).toMatch(/\[\d+\] ID 2044: Price: /);
    expect(await env.CONTENT.get(contentKeys.pointer)).toBe(live);
    expect((await request(await pathOf(2041))).status).toBe(200);
  });
});
