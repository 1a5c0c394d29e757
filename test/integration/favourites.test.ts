/**
 * The favourites page as the worker draws it: a shared link's ids, each property as it is
 * today (on offer, sold, withdrawn, unknown: never dropped), in every language, never kept
 * in the page cache; and "e-mail me my selection" to the visitor's own address.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoRaw, publish, request } from './support.ts';
import { syncExport } from '../../content/crm-publish.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { clearContentCache } from '../../worker/live/repository.ts';
import { notifyLead } from '../../worker/outbox/consumer.tsx';
import type { OutgoingMail } from '../../worker/mail/message.ts';

type Row = Record<string, unknown>;

beforeAll(async () => {
  await publish();
  const { properties, ...rest } = demoRaw();
  const records = (properties as Row[]).filter((p) => p.ID !== 2042).map((p) => (p.ID === 2041 ? { ...p, Status: 'sold' } : p));
  // First the demo as it is, then 2042 withdrawn and 2041 sold.
  await syncExport({ records: properties, rest, store: kvPublishStore(env.CONTENT), now: new Date('2026-11-20T07:00:00Z') });
  await syncExport({ records, rest, store: kvPublishStore(env.CONTENT), now: new Date() });
  clearContentCache();
});

describe('the favourites page', () => {
  it('shows each id of a shared link as it is today: on offer, sold, withdrawn, unknown', async () => {
    const response = await request('/fr/favoris/?ids=2071,2041,2042,999999');
    expect(response.status).toBe(200);
    const data = await (await request('/api/page?lang=fr&path=/fr/favoris/&ids=2071,2041,2042,999999')).json<{ kind: string; items: { id: number; state: string }[] }>();
    expect(data.kind).toBe('favourites');
    expect(data.items.map((i) => [i.id, i.state])).toEqual([
      [2071, 'available'],
      [2041, 'sold'],
      [2042, 'withdrawn'],
      [999999, 'unknown'],
    ]);
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('Ce bien n’est plus disponible');
    // Never kept: every visitor's own ids would fill the cache.
    expect((await request('/fr/favoris/?ids=2071,2041,2042,999999')).headers.get('Server-Timing')).toContain('rendered');
  });

  it('is never kept, even at an address the cache would keep (no query): the page reads live data', async () => {
    expect((await request('/fr/favoris/')).status).toBe(200);
    expect((await request('/fr/favoris/')).headers.get('Server-Timing')).toContain('rendered');
  });

  it.each([
    ['nl', '/nl/favorieten/', 'Mijn favorieten'],
    ['en', '/en/favourites/', 'My favourites'],
    ['de', '/de/favoriten/', 'Meine Favoriten'],
  ])('exists in %s', async (_lang, path, title) => {
    const response = await request(`${path}?ids=2071`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(title);
  });

  it('a made-up ids value is dropped (a redirect to the clean address), never an error', async () => {
    const dirty = await request('/fr/favoris/?ids=%3Cscript%3E,-1,abc', { redirect: 'manual' });
    expect(dirty.status).toBe(307);
    expect(dirty.headers.get('Location')).toBe('/fr/favoris/');
    expect((await request('/fr/favoris/')).status).toBe(200);
  });
});

describe('e-mail me my selection', () => {
  it('sends the selection, as published now, to the visitor’s own address with the link to open it again; no agency mail', async () => {
    const posted = await request('/forms/email-selection', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': '198.51.100.90' },
      body: new URLSearchParams({ lang: 'nl', email: 'lies@example.be', ids: '2071,2041' }).toString(),
    });
    expect(await posted.json()).toMatchObject({ ok: true, messageKey: 'SELECTION_SENT' });
    const lead = await env.DB.prepare("SELECT id FROM leads WHERE kind = 'email-selection'").first<{ id: string }>();
    const sent: { to: string; mail: OutgoingMail; kind: string | undefined }[] = [];
    await notifyLead({ ...env, SITE_ORIGIN: 'https://vitrine.test' }, lead?.id ?? '', async (_f, to, mail, kind) => void sent.push({ to, mail, kind }));
    expect(sent.map((s) => [s.to, s.kind])).toEqual([['lies@example.be', 'selection']]);
    expect(sent[0]?.mail.subject).toContain('uw selectie (2 panden)');
    expect(sent[0]?.mail.text).toContain('https://vitrine.test/nl/favorieten/?ids=2071,2041');
    expect(sent[0]?.mail.text).toContain('Verkocht');
    expect(sent[0]?.mail.html).toContain('<img src="https://vitrine.test/media/demo/2071/1.jpg?width=600&amp;format=jpeg"');
  });

  it.each([
    ['only ids of nothing published', '999999,2042', []],
    ['a published listing among made-up ids, with text of the sender', '2071,999999,123456', ['selection']],
  ])('is no relay: %s', async (_what, ids, kinds) => {
    await env.DB.prepare("DELETE FROM leads WHERE kind = 'email-selection'").run();
    const posted = await request('/forms/email-selection', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${91 + kinds.length}` },
      body: new URLSearchParams({ lang: 'fr', email: `target${kinds.length}@example.be`, ids, message: 'Buy now http://spam.example', name: 'www.spam.example', subject: 'Win' }).toString(),
    });
    expect(posted.status).toBe(200);
    const lead = await env.DB.prepare("SELECT id FROM leads WHERE kind = 'email-selection'").first<{ id: string }>();
    const sent: { mail: OutgoingMail; kind: string | undefined }[] = [];
    await notifyLead({ ...env, SITE_ORIGIN: 'https://vitrine.test' }, lead?.id ?? '', async (_f, _to, mail, kind) => void sent.push({ mail, kind }));
    expect(sent.map((m) => m.kind)).toEqual(kinds);
    for (const { mail } of sent) {
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/spam|Win|999999|123456/);
      expect(mail.text).toContain('/fr/favoris/?ids=2071');
    }
  });
});
