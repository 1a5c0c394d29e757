/**
 * Every request reaches the agency's CRM once, through the queue, against fake Omnicasa and
 * Whise servers that answer and refuse as the real APIs do: the visitor's fields arrive
 * mapped, a message delivered twice makes one contact, a CRM down for a while loses nothing
 * and holds back neither the visitor's answer nor the agency's mail.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PULL_LIMITS } from '../../content/crm-bounds.ts';
import type { Hono } from 'hono';
import { app } from '../../worker/index.ts';
import { crmBindings, publish } from './support.ts';
import { pushLead } from '../../worker/outbox/crm-push.ts';
import { pendingCrmPushes, retryCrmPushes } from '../../worker/leads/crm-pushes.ts';
import { sweepOutbox } from '../../worker/outbox/sweep.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';
import { fakeOmnicasa, type FakeOmnicasa } from '../../scripts/lib/fakes/omnicasa.ts';
import { fakeWhise } from '../../scripts/lib/fakes/whise.ts';

const ORIGIN = 'https://vitrine.test';
const through =
  (fake: Hono): Fetcher =>
  async (input, init) =>
    fake.request(input, init);

let visitor = 0;
const person = (email: string) => ({ title: 'ms', firstName: 'Anne', lastName: 'Martin', email, phone: '0471 23 45 67' });

/** Posts a form to the worker configured with `crm`, and returns the lead's id and what was queued. */
async function submit(crm: Env & { queued: unknown[] }, form: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries({ lang: 'fr', back: '/fr/', ...fields })) for (const v of [value].flat()) body.append(key, v);
  const ctx = createExecutionContext();
  const response = await app.request(
    `${ORIGIN}/forms/${form}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor}` },
      body: body.toString(),
    },
    crm,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  const lead = await env.DB.prepare('SELECT id FROM leads WHERE email = ? ORDER BY created_at DESC').bind(fields.email).first<{ id: string }>();
  return lead?.id ?? '';
}

function configured(adapter: string, overrides: Partial<Env> = {}) {
  const queued: unknown[] = [];
  return Object.assign({ ...crmBindings(adapter, 'https://crm.fake', queued), ...overrides }, { queued });
}

const pushesOf = (queued: unknown[], leadId: string) => queued.filter((m) => (m as { crmPush?: { leadId: string } }).crmPush?.leadId === leadId);
const stateOf = (leadId: string) =>
  env.DB.prepare('SELECT state, tries, last_error, crm_ref FROM crm_pushes WHERE lead_id = ?')
    .bind(leadId)
    .first<{ state: string; tries: number; last_error: string | null; crm_ref: string | null }>();

beforeAll(async () => {
  await publish();
});

describe('Omnicasa receives every request once', () => {
  let omnicasa: FakeOmnicasa;
  beforeEach(() => {
    omnicasa = fakeOmnicasa();
  });

  it('a visit request is a contact on the listing, with the visitor’s fields and the lead as its reference', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'contact-me', { ...person('anne.crm1@example.be'), propertyId: '2046', message: 'Encore libre samedi ?' });
    // The mails and the CRM's copy are two messages: the agency's mail never waits on the CRM.
    expect(crm.queued).toContainEqual({ leadId });
    expect(pushesOf(crm.queued, leadId)).toHaveLength(1);
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('sent');
    expect(omnicasa.calls).toHaveLength(1);
    expect(omnicasa.calls[0]).toMatchObject({
      method: 'ContactOnMe',
      params: { Name: 'Martin', FirstName: 'Anne', Email: 'anne.crm1@example.be', GSM: '0471 23 45 67', ObjectID: 2046, LanguageId: 2, OfficeID: 11 },
    });
    expect(String(omnicasa.calls[0]?.params.Content)).toContain('Encore libre samedi ?');
    expect(String(omnicasa.calls[0]?.params.Content)).toContain(leadId);
    expect((await stateOf(leadId))?.state).toBe('sent');
  });

  it('a booked visit reaches it with its time in words, not the slot’s id', async () => {
    const crm = configured('omnicasa');
    const at = new Date(Date.now() + 5 * 86_400_000);
    at.setUTCHours(9, 0, 0, 0);
    const slot = `p2046-${at.toISOString().slice(0, 13)}`;
    await env.DB.prepare('INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2046, ?, 3)').bind(slot, at.toISOString()).run();
    const leadId = await submit(crm, 'contact-appointment', { ...person('anne.crm-visit@example.be'), propertyId: '2046', slotId: slot });
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('sent');
    const content = String(omnicasa.calls[0]?.params.Content);
    expect(content).toMatch(/visit: \d{1,2}\/\d{1,2}\/\d{2} 1[01]:00 \(Europe\/Brussels\)/);
    expect(content).not.toContain(slot);
  });

  it('a demand is a search profile (DemandRegister2) with its goal, types and prices', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'demand-register', {
      ...person('anne.crm2@example.be'),
      goal: 'sale',
      types: ['1', '2'],
      zones: 'Namur, Jambes',
      minPrice: '200000',
      maxPrice: '350000',
      minBedrooms: '2',
    });
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('sent');
    expect(omnicasa.calls[0]).toMatchObject({
      method: 'DemandRegister2',
      params: { Goal: 0, TypeOfPropertyIDs: [1, 2], PriceMin: 200000, PriceMax: 350000, MinRooms: 2, Email: 'anne.crm2@example.be' },
    });
    expect(String(omnicasa.calls[0]?.params.Comment)).toContain('Namur, Jambes');
  });

  it('a rental application reaches it with the household and the income the agent needs', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'rental-application', { ...person('anne.crm3@example.be'), adults: '2', movingDate: '2027-02-01', income1: '2600', propertyId: '2085' });
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('sent');
    expect(omnicasa.calls[0]).toMatchObject({ method: 'ContactOnMe', params: { ObjectID: 2085, Subject: 'Web: rental-application' } });
    expect(String(omnicasa.calls[0]?.params.Content)).toMatch(/adults: 2[\s\S]*income1: 2600/);
  });

  it('a project’s brochure request is a contact on the project (ContactOnMeProject)', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'contact-construction', { ...person('anne.crm4@example.be'), projectId: '9001' });
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('sent');
    expect(omnicasa.calls[0]).toMatchObject({ method: 'ContactOnMeProject', params: { ProjectIDs: [9001] } });
  });

  it('a message delivered twice, or a sweep after the queue, makes one contact', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'site-contact', { ...person('anne.crm5@example.be'), message: 'Bonjour' });
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('sent');
    expect(await pushLead(crm, leadId, through(omnicasa.app))).toBe('already-sent');
    await sweepOutbox({ ...crm, NOTIFY: crm.NOTIFY }, new Date(Date.now() + 30 * 60_000), through(omnicasa.app));
    expect(omnicasa.calls).toHaveLength(1);
  });

  it.each([
    ['down', /answered 502/],
    ['error', /answered 500/],
    ['html', /did not answer JSON/],
  ] as const)('a CRM %s: the lead stays, the visitor’s answer and the agency’s mail go on, and it arrives once when the CRM is back', async (state, why) => {
    const crm = configured('omnicasa');
    omnicasa.state = state;
    const leadId = await submit(crm, 'contact-me', { ...person(`anne.crm-${state}@example.be`), propertyId: '2046' });
    expect(crm.queued).toContainEqual({ leadId });
    await expect(pushLead(crm, leadId, through(omnicasa.app))).rejects.toThrow(why);
    expect(await stateOf(leadId)).toMatchObject({ state: 'failed', tries: 1 });
    expect((await stateOf(leadId))?.last_error).toMatch(why);
    // Back a while later: the sweep sends it once, a second sweep has nothing left to send.
    omnicasa.state = 'up';
    const later = new Date(Date.now() + 30 * 60_000);
    expect((await sweepOutbox(crm, later, through(omnicasa.app))).crm.delivered).toBeGreaterThanOrEqual(1);
    await sweepOutbox(crm, later, through(omnicasa.app));
    expect(omnicasa.calls.filter((c) => c.params.Email === `anne.crm-${state}@example.be`)).toHaveLength(1);
    expect((await stateOf(leadId))?.state).toBe('sent');
  });

  it('after the sweep’s 72 hours, npm run crm:outbox lists it with the CRM’s answer, and --retry sends it once', async () => {
    const crm = configured('omnicasa');
    omnicasa.state = 'down';
    const leadId = await submit(crm, 'contact-demand', { ...person('anne.crm-late@example.be'), street: 'Rue de Fer', houseNumber: '1', zip: '5000', city: 'Namur', propertyType: 'house' });
    await expect(pushLead(crm, leadId, through(omnicasa.app))).rejects.toThrow();
    omnicasa.state = 'up';
    // Four days later the sweep no longer tries it by itself.
    const days = new Date(Date.now() + 4 * 24 * 3_600_000);
    await sweepOutbox(crm, days, through(omnicasa.app));
    expect(omnicasa.calls.filter((c) => c.params.Email === 'anne.crm-late@example.be')).toHaveLength(0);
    const waiting = (await pendingCrmPushes(env.DB)).find((p) => p.lead_id === leadId);
    expect(waiting).toMatchObject({ kind: 'contact-demand', state: 'failed', tries: 1 });
    expect(waiting?.last_error).toMatch(/answered 502/);
    expect(await retryCrmPushes(env.DB, days)).toBeGreaterThanOrEqual(1);
    await sweepOutbox(crm, new Date(days.getTime() + 20 * 60_000), through(omnicasa.app));
    expect(omnicasa.calls.filter((c) => c.params.Email === 'anne.crm-late@example.be')).toHaveLength(1);
    expect((await pendingCrmPushes(env.DB)).some((p) => p.lead_id === leadId)).toBe(false);
  });

  it('a CRM that answers nothing is given up on within the call’s limit, the lead kept, and tried again later', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'site-contact', { ...person('anne.crm-slow@example.be'), message: 'x' });
    // Thirty seconds of silence, as a CRM under load answers; the test's limit is 300 ms, production's 20 s.
    const silent: Fetcher = (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const started = Date.now();
    await expect(pushLead(crm, leadId, silent, new Date(), { ...PULL_LIMITS, callMs: 300, maxBytes: 1_000_000, maxPages: 5, runMs: 2_000 })).rejects.toThrow(
      /could not be reached|no complete answer within/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await stateOf(leadId)).toMatchObject({ state: 'failed', tries: 1 });
    expect(await pushLead(crm, leadId, through(omnicasa.app), new Date(Date.now() + 6 * 60_000))).toBe('sent');
    expect(omnicasa.calls.filter((c) => c.params.Email === 'anne.crm-slow@example.be')).toHaveLength(1);
  });

  it('a network error naming the call keeps neither the CRM’s password nor the visitor’s address in the record', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'site-contact', { ...person('anne.crm-leak@example.be'), message: 'x' });
    const failing: Fetcher = async (input) => Promise.reject(new TypeError(`fetch failed: ${input}`));
    await expect(pushLead(crm, leadId, failing)).rejects.toThrow(/could not be reached: fetch failed: https:\/\/crm\.fake\/ContactOnMeJson\?\[…\]/);
    const error = (await stateOf(leadId))?.last_error ?? '';
    expect(error).toContain('could not be reached');
    expect(error).not.toMatch(/secret|anne\.crm-leak|CustomerPassword/);
  });

  it('a wrong password is a failure that names the CRM’s own words, and nothing is marked sent', async () => {
    const crm = configured('omnicasa', { CRM_PASSWORD: 'wrong' });
    const leadId = await submit(crm, 'site-contact', { ...person('anne.crm6@example.be'), message: 'x' });
    await expect(pushLead(crm, leadId, through(omnicasa.app))).rejects.toThrow(/Invalid customer name or password/);
    expect(omnicasa.calls).toHaveLength(0);
  });

  it('a friend’s address, a newsletter sign-up and a job application never reach the CRM', async () => {
    const crm = configured('omnicasa');
    const leadId = await submit(crm, 'sign-newsletter', { email: 'anne.crm7@example.be' });
    expect(pushesOf(crm.queued, leadId)).toHaveLength(0);
    expect(await stateOf(leadId)).toBeNull();
  });

  it('without a CRM, or with a plain feed, nothing is queued for one', async () => {
    for (const crm of [configured(''), configured('feed')]) {
      const leadId = await submit(crm, 'site-contact', { ...person(`anne.crm8-${crm.CRM_ADAPTER || 'none'}@example.be`), message: 'x' });
      expect(pushesOf(crm.queued, leadId)).toHaveLength(0);
      expect(await stateOf(leadId)).toBeNull();
    }
  });
});

describe('Whise receives every request once', () => {
  it('upserts the contact by its e-mail with the listing and, for a demand, its search criteria', async () => {
    const whise = fakeWhise();
    const crm = configured('whise');
    const visit = await submit(crm, 'contact-me', { ...person('anne.whise@example.be'), propertyId: '2046' });
    expect(await pushLead(crm, visit, through(whise.app))).toBe('sent');
    expect((await stateOf(visit))?.crm_ref).toBe('5000');
    const demand = await submit(crm, 'demand-register', { ...person('anne.whise@example.be'), goal: 'rent', types: ['3'], zones: 'Namur', maxPrice: '1200' });
    expect(await pushLead(crm, demand, through(whise.app))).toBe('sent');
    // One person in the CRM, told twice.
    expect(whise.contacts.size).toBe(1);
    const contact = whise.contacts.get('anne.whise@example.be');
    expect(contact?.upserts).toBe(2);
    expect(contact?.body).toMatchObject({ FirstName: 'Anne', Name: 'Martin', LanguageId: 'fr-BE', OfficeIds: [11], SearchCriteria: [{ PurposeId: 2, CategoryIds: [3], MaxPrice: 1200 }] });
  });

  it('a wrong client id is refused by its token call, and the push waits for the sweep', async () => {
    const whise = fakeWhise();
    const crm = configured('whise', { CRM_CLIENT_ID: '8' });
    const leadId = await submit(crm, 'site-contact', { ...person('anne.whise2@example.be'), message: 'x' });
    await expect(pushLead(crm, leadId, through(whise.app))).rejects.toThrow(/clients\/token answered 403/);
    expect((await stateOf(leadId))?.state).toBe('failed');
  });
});
