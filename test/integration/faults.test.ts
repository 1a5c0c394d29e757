/**
 * Faults: D1 failing, a content key missing from the live version, the
 * e-mail binding failing, a publish interrupted halfway. The visitor gets a clear
 * answer, nothing claims success that did not happen, and nothing is lost.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/index.ts';
import { handleNotifications, type NotifyEnv } from '../../worker/outbox/consumer.tsx';
import { contentKeys } from '../../domain/bundles.ts';
import { compileContent } from '../../content/compile.ts';
import { kvPublishStore, publishVersion, type PublishStore } from '../../content/publish.ts';
import { clearContentCache } from '../../worker/live/repository.ts';
import fr from '../../content/demo/translations/fr.json';
import { brokenDb, demoContent, publish, request } from './support.ts';

const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin' };
const valid = { lang: 'fr', back: '/fr/contact/', title: 'ms', firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.be', phone: '0475 12 34 56', message: 'Bonjour' };
const STACK = /\n\s+at [^\n]*:\d+:\d+|\.tsx?:\d+:\d+/;

/** The worker with one binding replaced, as the edge would call it. */
async function withBindings(path: string, init: RequestInit, bindings: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://vitrine.test${path}`, { redirect: 'manual', ...init }, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function leadCount(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>())?.n ?? -1;
}

function renamed(name: string) {
  const content = demoContent();
  content.site.agency.name = name;
  return content;
}

beforeEach(async () => {
  await publish();
  await env.DB.prepare('DELETE FROM leads').run();
});

describe('D1 failing', () => {
  it('a form without JavaScript comes back in French with the error and the input kept; no thank-you page', async () => {
    const response = await withBindings(
      '/forms/site-contact',
      { method: 'POST', headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.90' }, body: new URLSearchParams(valid).toString() },
      { DB: brokenDb },
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('Location')).toBeNull();
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('pas été envoyé. Veuillez réessayer');
    expect(html).toContain('value="Marie"');
    expect(html).not.toMatch(STACK);
    expect(await leadCount()).toBe(0);
  });

  it('a form with JavaScript gets ok: false, never a redirect to thanks', async () => {
    const response = await withBindings(
      '/forms/sign-newsletter',
      {
        method: 'POST',
        headers: { ...SAME_ORIGIN, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.91' },
        body: 'lang=fr&email=a%40example.be',
      },
      { DB: brokenDb },
    );
    expect(response.status).toBe(503);
    // The sign-up's point is a mail to the visitor: the generic sending failure says it did not leave.
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: '', key: 'MAIL_FAILED' }] });
    expect(fr.MAIL_FAILED).toBeTruthy();
  });

  it.each([
    ['document-request', 'lang=fr&name=Marie&email=a%40example.be&propertyId=2071', 'DOCUMENT_REQUEST_ERROR'],
    ['site-contact', 'lang=fr&title=ms&firstName=Marie&lastName=D&email=a%40example.be&phone=0475123456', 'MAIL_NOT_SENT'],
  ])('%s not stored: the message of its kind (%s)', async (form, body, key) => {
    const response = await withBindings(
      `/forms/${form}`,
      { method: 'POST', headers: { ...SAME_ORIGIN, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.93' }, body },
      { DB: brokenDb },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: '', key }] });
    expect((fr as Record<string, string>)[key]).toBeTruthy();
  });

  it('a login answers a clear 503 page, sets no session and redirects nowhere', async () => {
    const response = await withBindings(
      '/fr/login/',
      { method: 'POST', headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.92' }, body: 'username=demo&password=whatever-password' },
      { DB: brokenDb },
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Location')).toBeNull();
    expect(response.headers.get('Retry-After')).toBeTruthy();
    const html = await response.text();
    expect(html).toContain('momentanément indisponible');
    expect(html).not.toMatch(STACK);
  });

  it('pages that only show D1 data on the side still render: testimonials are left out, visits are not counted', async () => {
    for (const path of ['/fr/', '/fr/nos-services/temoignages/', '/fr/a-vendre/']) {
      const response = await withBindings(path, { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/141' } }, { DB: brokenDb });
      expect(response.status, path).toBe(200);
      await response.text();
    }
  });
});

describe('KV missing a key of the live version', () => {
  it('answers a 503 page with Retry-After (pages) or JSON (API), keeps the previous version, and recovers with a publish', async () => {
    const previous = await publish(renamed('Agence Précédente'), new Date('2026-02-01T00:00:00Z'));
    const live = await publish(renamed('Agence Courante'), new Date('2026-02-02T00:00:00Z'));
    await env.CONTENT.delete(contentKeys.site(live, 'fr'));
    clearContentCache();

    const page = await request('/fr/');
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await page.text()).not.toMatch(STACK);
    const json = await request('/api/site/fr');
    expect(json.status).toBe(503);
    expect(await json.json()).toEqual({ error: 'unavailable' });
    // Other languages of the same version are whole and still served.
    expect((await request('/nl/')).status).toBe(200);
    // The previous version is still there for a rollback.
    expect(await env.CONTENT.get(contentKeys.site(previous, 'fr'))).not.toBeNull();

    await publish(renamed('Agence Réparée'), new Date('2026-02-03T00:00:00Z'));
    const repaired = await request('/fr/');
    expect(repaired.status).toBe(200);
    expect(await repaired.text()).toContain('Agence Réparée');
  });
});

describe('a publish interrupted halfway', () => {
  it('leaves the site serving the previous version', async () => {
    await publish(renamed('Agence Stable'));
    const base = kvPublishStore(env.CONTENT);
    let writes = 0;
    const dying: PublishStore = {
      ...base,
      async putMany(entries) {
        // Half of the keys are written, then the process dies.
        for (const entry of entries.slice(0, Math.floor(entries.length / 2))) {
          await env.CONTENT.put(entry.key, entry.value);
          writes++;
        }
        throw new Error('connection reset');
      },
    };
    await expect(publishVersion(dying, compileContent(renamed('Agence Cassée')), { version: 'half' })).rejects.toThrow();
    expect(writes).toBeGreaterThan(0);
    clearContentCache();
    for (const path of ['/fr/', '/nl/', '/fr/a-vendre/']) {
      const response = await request(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('Agence Stable');
      expect(html).not.toContain('Agence Cassée');
    }
  });
});

describe('the e-mail binding failing', () => {
  it('every attempt is retried with a growing delay and the lead stays (the queue then moves it to the dead-letter queue)', async () => {
    const post = await request('/forms/site-contact', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.93' },
      body: new URLSearchParams(valid).toString(),
    });
    expect(post.status).toBe(303);
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    const failing: NotifyEnv = {
      DB: env.DB,
      CONTENT: env.CONTENT,
      MAIL_FROM: env.MAIL_FROM,
      AGENCY_INBOX: env.AGENCY_INBOX,
      SITE_ORIGIN: env.SITE_ORIGIN,
      EMAIL: { send: () => Promise.reject(new Error('smtp down')) },
    };
    const delays: number[] = [];
    // wrangler.toml: max_retries = 10, so eleven deliveries before the dead-letter queue.
    for (let attempts = 1; attempts <= 11; attempts++) {
      const batch = createMessageBatch<unknown>('vitrine-notify', [{ id: `m${attempts}`, timestamp: new Date(), attempts, body: { leadId: id } }]);
      // The test queue records that a message was retried, not the delay asked for: listen in.
      for (const message of batch.messages) {
        const retry = message.retry.bind(message);
        message.retry = (options) => {
          delays.push(options?.delaySeconds ?? 0);
          retry(options);
        };
      }
      const ctx = createExecutionContext();
      await handleNotifications(batch, failing);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m${attempts}`]);
    }
    // Doubling from 20 s, capped at 15 minutes: the queue bridges over an hour, the sweep the rest.
    expect(delays).toEqual([20, 40, 80, 160, 320, 640, 900, 900, 900, 900, 900]);
    const row = await env.DB.prepare('SELECT id, notified_at FROM leads WHERE id = ?').bind(id).first<{ id: string; notified_at: string | null }>();
    expect(row).toEqual({ id, notified_at: null });
  });
});
