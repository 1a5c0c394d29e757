/**
 * Visit slots from the agents' agenda in the CRM (a fake Omnicasa answering its appointment
 * objects as the API's clients call them): the listing offers the CRM's free places, a
 * booking takes its place in the CRM with the contact (one call), the last place taken by an
 * agent and by a visitor at the same moment is booked once, a CRM down at booking time
 * books the visit when it is back, and an answer in a shape the site does not read never
 * empties the agenda.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PULL_LIMITS } from '../../content/crm-bounds.ts';
import { app } from '../../worker/index.ts';
import { crmBindings, publish, routeToFake } from './support.ts';
import { syncAgenda } from '../../worker/visits/agenda-sync.ts';
import { addSlot, slotId } from '../../worker/visits/agenda.ts';
import { pushLead } from '../../worker/outbox/crm-push.ts';
import { bookInCrm } from '../../worker/forms/crm-booking.ts';
import { fakeOmnicasa, type FakeOmnicasa } from '../../scripts/lib/fakes/omnicasa.ts';

const CRM_URL = 'https://crm.fake';
let omnicasa: FakeOmnicasa;
let queued: unknown[];
let crm: Env;

/** An hour `days` ahead at `hour` UTC: the instant the site stores, and Omnicasa's Brussels wall clock for it. */
function hourAhead(days: number, hour: number): { iso: string; wall: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return { iso: at.toISOString(), wall: at.toLocaleString('sv-SE', { timeZone: 'Europe/Brussels' }).replace(' ', 'T') };
}

beforeAll(async () => {
  await publish();
  routeToFake(CRM_URL, () => omnicasa.app);
});
afterAll(() => {
  vi.restoreAllMocks();
});
beforeEach(async () => {
  omnicasa = fakeOmnicasa();
  queued = [];
  crm = crmBindings('omnicasa', CRM_URL, queued);
  await env.DB.prepare("DELETE FROM appointments WHERE slot_id IN (SELECT id FROM appointment_slots WHERE source = 'crm')").run();
  await env.DB.prepare("DELETE FROM appointment_slots WHERE source = 'crm'").run();
  await env.DB.prepare('DELETE FROM agenda_syncs').run();
});

let visitor = 0;
async function book(slot: string, propertyId = 2046): Promise<{ response: Response; email: string }> {
  const email = `crm.agenda${++visitor}@example.be`;
  const body = new URLSearchParams({ lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Anne', lastName: 'Agenda', email, phone: '0475123456', propertyId: String(propertyId), slotId: slot });
  const ctx = createExecutionContext();
  const response = await app.request(
    'https://vitrine.test/forms/contact-appointment',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `192.0.2.${visitor}` },
      body: body.toString(),
    },
    crm,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { response, email };
}
const offered = async (propertyId: number) => {
  const ctx = createExecutionContext();
  const response = await app.request(`https://vitrine.test/api/slots?property=${propertyId}`, {}, crm, ctx);
  await waitOnExecutionContext(ctx);
  return (await response.json<{ slots: { id: string; left: number }[] }>()).slots;
};
const bookingsInCrm = () => omnicasa.calls.filter((c) => c.method === 'ContactOnMe' && c.params.AppointmentID !== undefined);
const leadOf = (email: string) =>
  env.DB.prepare('SELECT l.id, p.state FROM leads l LEFT JOIN crm_pushes p ON p.lead_id = l.id WHERE l.email = ?').bind(email).first<{ id: string; state: string | null }>();

describe('visit slots from the CRM’s agenda', () => {
  it('the listing offers the CRM’s free places; a booking takes its place in the CRM, with one call and the visitor’s fields', async () => {
    const ten = hourAhead(3, 9);
    omnicasa.appointments.push({ ID: 501, ObjectID: 2046, StartDate: ten.wall, MaxNumberOfPersons: 3, NumberOfPersons: 1 });
    // A moment of a listing the site does not offer is not a slot.
    omnicasa.appointments.push({ ID: 502, ObjectID: 999_999, StartDate: ten.wall, MaxNumberOfPersons: 3, NumberOfPersons: 0 });
    expect(await syncAgenda(crm, new Date())).toEqual({ status: 'synced', slots: 1 });
    const id = slotId(2046, ten.iso);
    expect((await offered(2046)).find((s) => s.id === id)?.left).toBe(2);

    const { response, email } = await book(id);
    expect(response.status).toBe(200);
    expect(bookingsInCrm()).toHaveLength(1);
    expect(bookingsInCrm()[0]?.params).toMatchObject({ AppointmentID: 501, ObjectID: 2046, Name: 'Agenda', FirstName: 'Anne', Email: email, GSM: '0475123456' });
    expect(omnicasa.appointments[0]?.NumberOfPersons).toBe(2);
    // The booking was the CRM's copy of the lead: nothing is queued to send it again.
    const lead = await leadOf(email);
    expect(lead?.state).toBe('sent');
    expect(queued.filter((m) => (m as { crmPush?: unknown }).crmPush)).toHaveLength(0);
    expect(await pushLead(crm, lead?.id ?? '', async (input, init) => omnicasa.app.request(String(input), init))).toBe('already-sent');
    expect(bookingsInCrm()).toHaveLength(1);
  });

  it('the agent gives the last place away in the CRM just after the site read it: the visitor is told it is full, nothing is stored, the slot is gone', async () => {
    const hour = hourAhead(4, 13);
    omnicasa.appointments.push({ ID: 601, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 1, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    const id = slotId(2046, hour.iso);
    expect((await offered(2046)).some((s) => s.id === id)).toBe(true);
    // The agent books a buyer on the phone, in the CRM, a minute later.
    omnicasa.appointments[0]!.NumberOfPersons = 1;
    const { response, email } = await book(id);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'slotId', key: 'APPOINTMENTS_FULL' }] });
    expect(await leadOf(email)).toBeNull();
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE slot_id = ?').bind(id).first<{ n: number }>()).toEqual({ n: 0 });
    // The refusal shows the slots as they are now: the agenda was read again.
    expect((await offered(2046)).some((s) => s.id === id)).toBe(false);
    expect(omnicasa.appointments[0]?.NumberOfPersons).toBe(1);
  });

  it('two visitors on the last place at the same moment: one visit, one call to the CRM', async () => {
    const hour = hourAhead(5, 9);
    omnicasa.appointments.push({ ID: 701, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 1, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    const id = slotId(2046, hour.iso);
    const answers = await Promise.all([book(id), book(id)]);
    expect(answers.map((a) => a.response.status).sort()).toEqual([200, 422]);
    expect(bookingsInCrm()).toHaveLength(1);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE slot_id = ?').bind(id).first<{ n: number }>()).toEqual({ n: 1 });
  });

  it('a CRM down when the visitor books: the visit stands, and the queue books it in the CRM once it is back', async () => {
    const hour = hourAhead(6, 9);
    omnicasa.appointments.push({ ID: 801, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    omnicasa.state = 'down';
    const { response, email } = await book(slotId(2046, hour.iso));
    expect(response.status).toBe(200);
    const lead = await leadOf(email);
    expect(lead?.state).toBe('pending');
    expect(queued).toContainEqual({ crmPush: { leadId: lead?.id } });
    omnicasa.state = 'up';
    const through = async (input: string, init?: RequestInit) => omnicasa.app.request(input, init);
    expect(await pushLead(crm, lead?.id ?? '', through)).toBe('sent');
    expect(await pushLead(crm, lead?.id ?? '', through)).toBe('already-sent');
    expect(bookingsInCrm()).toHaveLength(1);
    expect(bookingsInCrm()[0]?.params).toMatchObject({ AppointmentID: 801, Email: email });
  });

  it('a CRM down when the visitor books and the agent gives the hour away meanwhile: the contact still arrives, asking the agent to agree another hour', async () => {
    const hour = hourAhead(7, 9);
    omnicasa.appointments.push({ ID: 901, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 1, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    omnicasa.state = 'down';
    const { email } = await book(slotId(2046, hour.iso));
    omnicasa.state = 'up';
    omnicasa.appointments[0]!.NumberOfPersons = 1;
    const lead = await leadOf(email);
    expect(await pushLead(crm, lead?.id ?? '', async (input, init) => omnicasa.app.request(input, init))).toBe('sent');
    const contacts = omnicasa.calls.filter((c) => c.method === 'ContactOnMe');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]?.params.AppointmentID).toBeUndefined();
    expect(String(contacts[0]?.params.Content)).toMatch(/no place left at that hour/);
  });

  it('a CRM that hangs on the agenda re-read and on the booking keeps the visitor 8 s in all, not 8 s per call: the visit stands and the queue books it', async () => {
    const hour = hourAhead(8, 15);
    omnicasa.appointments.push({ ID: 961, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    // The last read is ten minutes old: the booking reads the agenda again first.
    await env.DB.prepare('UPDATE agenda_syncs SET synced_at = ?')
      .bind(new Date(Date.now() - 10 * 60_000).toISOString())
      .run();
    omnicasa.state = 'hangs';
    const started = Date.now();
    const { response, email } = await book(slotId(2046, hour.iso));
    const waited = Date.now() - started;
    expect(response.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(7_500);
    expect(waited).toBeLessThan(9_500);
    const lead = await leadOf(email);
    expect(lead?.state).toBe('pending');
    expect(queued).toContainEqual({ crmPush: { leadId: lead?.id } });
  }, 30_000);

  it('a CRM that does not answer within the booking’s time is left to the queue, the visitor is not kept waiting', async () => {
    const hour = hourAhead(8, 9);
    omnicasa.appointments.push({ ID: 951, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    const { response, email } = await book(slotId(2046, hour.iso));
    expect(response.status).toBe(200);
    const lead = await leadOf(email);
    await env.DB.prepare("UPDATE crm_pushes SET state = 'pending' WHERE lead_id = ?").bind(lead?.id).run();
    // A CRM that hangs (30 s and more): the booking gives up within its limit.
    const hanging = () => new Promise<Response>(() => undefined);
    const started = Date.now();
    const answer = await bookInCrm(crm, { leadId: lead?.id ?? '', slotId: slotId(2046, hour.iso) }, hanging, { ...PULL_LIMITS, callMs: 50, maxBytes: 1024, maxPages: 1, runMs: 100 });
    expect(answer.state).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an answer whose appointments carry renamed fields is an error, and the agenda keeps its slots', async () => {
    const hour = hourAhead(9, 9);
    omnicasa.appointments.push({ ID: 990, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    const id = slotId(2046, hour.iso);
    // The CRM renames StartDate.
    const renamed = omnicasa.appointments.map(({ StartDate, ...rest }) => ({ ...rest, StartDateTime: StartDate }));
    omnicasa.appointments.splice(0, omnicasa.appointments.length, ...(renamed as unknown as typeof omnicasa.appointments));
    const read = await syncAgenda(crm, new Date());
    expect(read.status).toBe('failed');
    expect(read.status === 'failed' && read.error).toMatch(/StartDate/);
    expect((await offered(2046)).some((s) => s.id === id)).toBe(true);
  });

  it('a CRM down, 500 or answering HTML leaves the slots as last read', async () => {
    const hour = hourAhead(10, 9);
    omnicasa.appointments.push({ ID: 995, ObjectID: 2046, StartDate: hour.wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    for (const state of ['down', 'error', 'html'] as const) {
      omnicasa.state = state;
      expect((await syncAgenda(crm, new Date())).status).toBe('failed');
      expect((await offered(2046)).some((s) => s.id === slotId(2046, hour.iso))).toBe(true);
    }
  });

  it('the CRM’s agenda is the one agenda: hours of other sources nobody booked give way to it, booked ones keep their visit', async () => {
    const free = hourAhead(12, 9);
    const booked = hourAhead(12, 13);
    await addSlot(env.DB, { propertyId: 2046, startsAt: free.iso, places: 4 });
    const bookedId = await addSlot(env.DB, { propertyId: 2046, startsAt: booked.iso, places: 2 });
    expect((await book(bookedId)).response.status).toBe(200);
    omnicasa.appointments.push({ ID: 997, ObjectID: 2046, StartDate: free.wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    await syncAgenda(crm, new Date());
    const slots = await offered(2046);
    expect(slots.find((s) => s.id === slotId(2046, free.iso))?.left).toBe(2);
    expect(await env.DB.prepare('SELECT source FROM appointment_slots WHERE id = ?').bind(slotId(2046, free.iso)).first()).toEqual({ source: 'crm' });
    expect(await env.DB.prepare('SELECT source FROM appointment_slots WHERE id = ?').bind(bookedId).first()).toEqual({ source: 'site' });
  });

  it('a wrong password is refused by the CRM: no slot is read, and none is invented', async () => {
    omnicasa.appointments.push({ ID: 996, ObjectID: 2046, StartDate: hourAhead(11, 9).wall, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    const wrong = { ...crm, CRM_PASSWORD: 'not-the-password' };
    const read = await syncAgenda(wrong, new Date());
    expect(read).toMatchObject({ status: 'failed' });
    expect(read.status === 'failed' && read.error).toMatch(/Invalid customer name or password/);
  });
});
