/**
 * SweepBright, the CRM that pushes (a fake Website API answering and refusing as its public
 * client shows): a signed webhook announces an estate, the scheduled pull reads it with
 * `GET estates/{id}` and publishes it through the same guard as every pull, the site tells
 * SweepBright where it shows it, a deleted estate is withdrawn, and leads go to the estate or
 * as a contact with preferences. The attacks: an unsigned, forged, stale or replayed
 * webhook changes nothing.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/index.ts';
import { crmBindings, demoRaw, publish } from './support.ts';
import { scheduledPull } from '../../worker/crm/scheduled-pull.ts';
import { pushLead } from '../../worker/outbox/crm-push.ts';
import { fakeSweepBright, sweepbrightEstate, type FakeSweepBright } from '../../scripts/lib/fakes/sweepbright.ts';
import { contentKeys } from '../../domain/bundles.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';

const CRM_URL = 'https://website.sweepbright.fake/api';
const ESTATE = '3f0c9a52-6d1e-4b7a-9d2c-0a1b2c3d4e5f';
let sweepbright: FakeSweepBright;
let queued: unknown[];
let crm: Env;
/** SweepBright's API and its photos' host, both answered by the fake. */
const through: Fetcher = async (input, init) => {
  const url = new URL(String(input));
  return sweepbright.app.request(String(input).startsWith(CRM_URL) ? String(input).slice(CRM_URL.length) : `${url.pathname}${url.search}`, init);
};

async function webhook(body: string, headers: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request('https://vitrine.test/crm/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body }, crm, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
async function announce(event: string, estate = ESTATE, at = new Date()): Promise<Response> {
  const signed = await sweepbright.announce(event, estate, at);
  return webhook(signed.body, { 'X-Hook-Signature': signed.signature });
}
const numberOf = async (ref: string) => (await env.DB.prepare('SELECT id FROM crm_listing_refs WHERE ref = ?').bind(ref).first<{ id: number }>())?.id ?? null;
async function card(id: number) {
  const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
  return (await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, 'fr', id), 'json'))?.card ?? null;
}
const pending = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM crm_webhooks WHERE processed_at IS NULL').first<{ n: number }>())?.n ?? 0;

beforeEach(async () => {
  await publish();
  sweepbright = fakeSweepBright({ id: 'agency', secret: 'secret' });
  sweepbright.estates[ESTATE] = sweepbrightEstate(ESTATE);
  queued = [];
  crm = crmBindings('sweepbright', CRM_URL, queued);
  // The catalogue the site showed before SweepBright: its records, so a new estate adds to them.
  await env.FILES.put('crm/records.json', JSON.stringify(demoRaw().properties));
  await env.FILES.delete('crm/state.json');
  const kept = await env.FILES.list({ prefix: 'crm-photos/' });
  if (kept.objects.length > 0) await env.FILES.delete(kept.objects.map((o) => o.key));
  await env.DB.prepare('DELETE FROM crm_webhooks').run();
  await env.DB.prepare('DELETE FROM crm_runs').run();
});

describe('SweepBright pushes its estates', () => {
  it('a signed webhook announces an estate; the next run reads it, publishes it and reports its address', async () => {
    const accepted = await announce('estate-added');
    expect(accepted.status).toBe(202);
    expect(await pending()).toBe(1);
    const run = await scheduledPull(crm, new Date(), through);
    expect(run.status).toBe('published');
    const id = await numberOf(ESTATE);
    expect(id).toBeGreaterThan(900_000);
    const shown = await card(id!);
    expect(shown).toMatchObject({ city: 'Bouge', reference: 'SB-0412' });
    expect(await pending()).toBe(0);
    const reported = sweepbright.calls.filter((c) => c.method === 'PUT');
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ path: `estates/${ESTATE}/url`, body: { url: expect.stringMatching(new RegExp(`^https?://[^/]+${shown!.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)) } });
    // Nothing new announced: the next run asks SweepBright nothing.
    const calls = sweepbright.calls.length;
    expect(await scheduledPull(crm, new Date(), through)).toMatchObject({ status: 'unchanged' });
    expect(sweepbright.calls).toHaveLength(calls);
  });

  it('its photos, on addresses that expire, are kept in R2 and served by the site; a photo kept is not fetched again', async () => {
    await announce('estate-added');
    await scheduledPull(crm, new Date(), through);
    const id = (await numberOf(ESTATE))!;
    const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
    const page = await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, 'fr', id), 'json');
    const photo = page?.photos[0]?.url ?? '';
    expect(photo).toBe(`/media/crm-photos/${id}/${ESTATE}-1.jpg`);
    expect(await env.FILES.head(photo.replace('/media/', ''))).not.toBeNull();
    expect(sweepbright.photoReads).toBe(1);
    sweepbright.estates[ESTATE] = sweepbrightEstate(ESTATE, { bedrooms: 4 });
    await announce('estate-updated');
    await scheduledPull(crm, new Date(), through);
    expect(sweepbright.photoReads).toBe(1);
  });

  it('an update is read again (its last state wins) and a deletion withdraws the listing', async () => {
    await announce('estate-added');
    await scheduledPull(crm, new Date(), through);
    const id = (await numberOf(ESTATE))!;
    sweepbright.estates[ESTATE] = sweepbrightEstate(ESTATE, { price: { amount: 379000, currency: 'EUR', hidden: false } });
    await announce('estate-updated');
    expect((await scheduledPull(crm, new Date(), through)).status).toBe('published');
    expect((await card(id))?.price).toBe(379000);
    await announce('estate-deleted');
    expect((await scheduledPull(crm, new Date(), through)).status).toBe('published');
    expect(await card(id)).toBeNull();
  });

  it('the feed guard applies to what it pushes: an absurd price is held back, the rest published', async () => {
    const other = '9a8b7c6d-0000-4000-8000-000000000001';
    sweepbright.estates[other] = sweepbrightEstate(other, { price: { amount: 1e12, currency: 'EUR', hidden: false }, settings: { reference: 'SB-0413' } });
    await announce('estate-added');
    await announce('estate-added', other);
    const run = await scheduledPull(crm, new Date(), through);
    expect(run.status).toBe('published');
    expect(await card((await numberOf(ESTATE))!)).not.toBeNull();
    expect(await card((await numberOf(other))!)).toBeNull();
    expect(run.status === 'published' && JSON.parse(run.summary).implausible).toEqual([expect.objectContaining({ id: await numberOf(other), field: 'Price' })]);
  });

  it('SweepBright down, failing or answering HTML: nothing is published and the announcement waits for the next run', async () => {
    await announce('estate-added');
    for (const state of ['down', 'error', 'html'] as const) {
      sweepbright.state = state;
      expect((await scheduledPull(crm, new Date(), through)).status).toBe('refused');
      expect(await pending()).toBe(1);
    }
    sweepbright.state = 'up';
    expect((await scheduledPull(crm, new Date(), through)).status).toBe('published');
    expect(await pending()).toBe(0);
  });

  it('a wrong client secret is refused by SweepBright and nothing is published', async () => {
    await announce('estate-added');
    const wrong = { ...crm, CRM_PASSWORD: 'not-the-secret' };
    expect((await scheduledPull(wrong, new Date(), through)).status).toBe('refused');
    expect(await pending()).toBe(1);
  });
});

describe('the webhook refuses what SweepBright did not sign, now', () => {
  it('an unsigned announcement is refused and kept nowhere', async () => {
    const signed = await sweepbright.announce('estate-deleted', ESTATE);
    expect((await webhook(signed.body, {})).status).toBe(401);
    expect(await pending()).toBe(0);
  });

  it('a forged one (signed with another secret, or its body changed after signing) is refused', async () => {
    const forger = fakeSweepBright({ id: 'agency', secret: 'guessed' });
    const forged = await forger.announce('estate-deleted', ESTATE);
    expect((await webhook(forged.body, { 'X-Hook-Signature': forged.signature })).status).toBe(401);
    const signed = await sweepbright.announce('estate-updated', ESTATE);
    const altered = signed.body.replace('estate-updated', 'estate-deleted');
    expect((await webhook(altered, { 'X-Hook-Signature': signed.signature })).status).toBe(401);
    expect(await pending()).toBe(0);
  });

  it('the same signed announcement sent again is refused as a replay; one caught and sent later is refused as stale', async () => {
    const signed = await sweepbright.announce('estate-deleted', ESTATE);
    expect((await webhook(signed.body, { 'X-Hook-Signature': signed.signature })).status).toBe(202);
    const replay = await webhook(signed.body, { 'X-Hook-Signature': signed.signature.toUpperCase() });
    expect(replay.status).toBe(409);
    expect(await pending()).toBe(1);
    const old = await sweepbright.announce('estate-deleted', ESTATE, new Date(Date.now() - 20 * 60_000));
    expect((await webhook(old.body, { 'X-Hook-Signature': old.signature })).status).toBe(401);
    expect(await pending()).toBe(1);
  });

  it('a site whose CRM does not push has no webhook at all', async () => {
    const signed = await sweepbright.announce('estate-added', ESTATE);
    const ctx = createExecutionContext();
    const response = await app.request('https://vitrine.test/crm/webhook', { method: 'POST', body: signed.body, headers: { 'X-Hook-Signature': signed.signature } }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
  });
});

describe('leads reach SweepBright once', () => {
  let visitor = 0;
  async function submit(form: string, fields: Record<string, string | string[]>): Promise<string> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries({ lang: 'fr', back: '/fr/', ...fields })) for (const v of [value].flat()) body.append(key, v);
    const ctx = createExecutionContext();
    const response = await app.request(
      `https://vitrine.test/forms/${form}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `203.0.113.${++visitor + 100}` },
        body: body.toString(),
      },
      crm,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    return (await env.DB.prepare('SELECT id FROM leads WHERE email = ? ORDER BY created_at DESC').bind(fields.email).first<{ id: string }>())?.id ?? '';
  }

  it('a request about a listing is a contact on its estate, sent once', async () => {
    await announce('estate-added');
    await scheduledPull(crm, new Date(), through);
    const id = (await numberOf(ESTATE))!;
    const leadId = await submit('contact-me', {
      title: 'ms',
      firstName: 'Anne',
      lastName: 'Sweep',
      email: 'anne.sweep@example.be',
      phone: '0471 23 45 67',
      propertyId: String(id),
      message: 'Libre samedi ?',
    });
    expect(await pushLead(crm, leadId, through)).toBe('sent');
    expect(await pushLead(crm, leadId, through)).toBe('already-sent');
    const contacts = sweepbright.calls.filter((c) => c.path.endsWith('/contacts'));
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ path: `estates/${ESTATE}/contacts`, body: { first_name: 'Anne', last_name: 'Sweep', email: 'anne.sweep@example.be', phone: '0471 23 45 67', locale: 'fr' } });
    expect(String(contacts[0]?.body?.message)).toContain('Libre samedi ?');
  });

  it('a demand is a contact with its preferences and postcodes', async () => {
    const leadId = await submit('demand-register', {
      title: 'mr',
      firstName: 'Marc',
      lastName: 'Demande',
      email: 'marc.sweep@example.be',
      phone: '0472 00 00 00',
      goal: 'sale',
      types: ['1'],
      minPrice: '200000',
      maxPrice: '350000',
      minBedrooms: '3',
      zones: 'Namur 5000, Jambes 5100',
      consent: 'on',
    });
    expect(leadId).not.toBe('');
    expect(await pushLead(crm, leadId, through)).toBe('sent');
    const contact = sweepbright.calls.find((c) => c.path === 'contacts');
    expect(contact?.body).toMatchObject({
      email: 'marc.sweep@example.be',
      preferences: { negotiation: 'sale', min_price: 200000, max_price: 350000, min_rooms: 3 },
      location_preference: { country: 'BE', postal_codes: ['5000', '5100'] },
    });
  });
});
