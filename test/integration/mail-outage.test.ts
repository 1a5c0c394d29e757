/**
 * A mail outage loses nothing: a rental application posted while the mail service refuses
 * everything is answered as accepted, the queue retries, gives up into the dead-letter
 * queue, and the scheduled sweep delivers both the agency's mail and the applicant's
 * confirmation once the service is back. Each recipient's mail is its own task; the agency
 * is told once when mail has failed for an hour; an unreadable queue body is kept, not
 * acked in silence. Through the worker's own route, consumers and sweep, on real D1.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/index.ts';
import { handleDeadLetters, handleNotifications, type OutboxEnv } from '../../worker/outbox/consumer.tsx';
import { sweepOutbox } from '../../worker/outbox/sweep.ts';
import { publish } from './support.ts';

const ORIGIN = 'https://vitrine.test';
let visitor = 0;

/** The mail service as seen from the worker: down until told otherwise, recording what it delivered. */
function mailService() {
  const state = { up: false, refused: 0, delivered: [] as { to: string; subject: string }[] };
  const binding = {
    send: async (message: { to: string | string[]; subject: string }) => {
      if (!state.up) {
        state.refused += 1;
        throw new Error('421 4.3.0 service temporarily unavailable');
      }
      state.delivered.push({ to: String(message.to), subject: message.subject });
      return { messageId: `m${state.delivered.length}` };
    },
  } as unknown as SendEmail;
  return { state, binding };
}

function bindings(email: SendEmail, queued: unknown[]): OutboxEnv & Env {
  return {
    ...env,
    EMAIL: email,
    NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async (batch: { body: unknown }[]) => void queued.push(...batch.map((m) => m.body)) } as unknown as Queue,
  };
}

async function apply(e: Env, email: string): Promise<{ status: number; body: unknown; leadId: string }> {
  const ctx = createExecutionContext();
  const response = await app.request(
    `${ORIGIN}/forms/rental-application`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `203.0.113.${++visitor}` },
      body: new URLSearchParams({
        lang: 'fr',
        back: '/fr/',
        title: 'ms',
        firstName: 'Lies',
        lastName: 'Peeters',
        email,
        phone: '0475123456',
        adults: '2',
        movingDate: '2027-02-01',
        income1: '2600',
        propertyId: '2085',
      }).toString(),
    },
    e,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const lead = await env.DB.prepare('SELECT id FROM leads WHERE email = ?').bind(email).first<{ id: string }>();
  return { status: response.status, body: await response.json(), leadId: lead?.id ?? '' };
}

/** The queue's deliveries of one message, as wrangler makes them: each retry a new delivery, then the dead-letter queue. */
async function deliverUntilDead(e: OutboxEnv, body: unknown, tries = 11): Promise<void> {
  for (let attempts = 1; attempts <= tries; attempts++) {
    const batch = createMessageBatch<unknown>('vitrine-notify', [{ id: `d${attempts}`, timestamp: new Date(), attempts, body }]);
    const ctx = createExecutionContext();
    await handleNotifications(batch, e);
    const result = await getQueueResult(batch, ctx);
    if (result.explicitAcks.length > 0) return;
  }
  const dead = createMessageBatch<unknown>('vitrine-notify-dlq', [{ id: 'dead', timestamp: new Date(), attempts: 1, body }]);
  await handleDeadLetters(dead, e);
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeEach(async () => {
  await publish();
  await env.DB.batch(['leads', 'lead_mails', 'mail_log', 'dead_letters', 'delivery_alarms', 'mail_quota'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
});

describe('a lead sent during a 20-minute outage', () => {
  it('is accepted, then reaches the agency and its confirmation reaches the applicant once mail is back', async () => {
    const mail = mailService();
    const queued: unknown[] = [];
    const e = bindings(mail.binding, queued);
    const posted = await apply(e, 'lies.outage@example.be');
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ ok: true });
    expect(queued).toEqual([{ leadId: posted.leadId }]);

    await deliverUntilDead(e, queued[0]);
    expect(mail.state.refused).toBeGreaterThanOrEqual(11);
    const waiting = await env.DB.prepare('SELECT notified_at, notify_error FROM leads WHERE id = ?').bind(posted.leadId).first<{ notified_at: string | null; notify_error: string }>();
    expect(waiting).toMatchObject({ notified_at: null, notify_error: expect.stringContaining('421') });

    // Still down at the next sweep: nothing sent, nothing lost.
    expect((await sweepOutbox(e, minutesFromNow(15))).leads).toEqual({ tried: 1, delivered: 0 });
    mail.state.up = true;
    expect((await sweepOutbox(e, minutesFromNow(30))).leads).toEqual({ tried: 1, delivered: 1 });
    expect(mail.state.delivered.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'lies.outage@example.be']);
    // Delivered: later sweeps leave it alone, and a late queue delivery sends nothing twice.
    expect((await sweepOutbox(e, minutesFromNow(45))).leads.tried).toBe(0);
    await deliverUntilDead(e, { leadId: posted.leadId }, 1);
    expect(mail.state.delivered).toHaveLength(2);
  });

  it('the agency’s mail failing never keeps the applicant’s confirmation back, nor the reverse', async () => {
    const delivered: string[] = [];
    let refuse = (_to: string) => false;
    const flaky = {
      send: async (message: { to: string }) => {
        if (refuse(String(message.to))) throw new Error('550 mailbox unavailable');
        delivered.push(String(message.to));
        return { messageId: 'x' };
      },
    } as unknown as SendEmail;
    const queued: unknown[] = [];
    const e = bindings(flaky, queued);
    refuse = (to) => to === env.AGENCY_INBOX;
    const first = await apply(e, 'first@example.be');
    await deliverUntilDead(e, queued[0], 1);
    expect(delivered).toEqual(['first@example.be']);

    refuse = (to) => to === 'second@example.be';
    const second = await apply(e, 'second@example.be');
    await deliverUntilDead(e, queued[1], 1);
    expect(delivered).toEqual(['first@example.be', env.AGENCY_INBOX]);

    // Both come round once their recipient answers again, each mail once.
    refuse = () => false;
    await sweepOutbox(e, minutesFromNow(20));
    expect(delivered.sort()).toEqual([env.AGENCY_INBOX, env.AGENCY_INBOX, 'first@example.be', 'second@example.be'].sort());
    const sent = await env.DB.prepare('SELECT lead_id, mail FROM lead_mails ORDER BY lead_id, mail').all<{ lead_id: string; mail: string }>();
    expect(sent.results).toHaveLength(4);
    expect(new Set(sent.results.map((r) => r.lead_id))).toEqual(new Set([first.leadId, second.leadId]));
  });

  it('is tried by the sweep for three days, then left listed rather than retried forever', async () => {
    const mail = mailService();
    const queued: unknown[] = [];
    const e = bindings(mail.binding, queued);
    await apply(e, 'late@example.be');
    expect((await sweepOutbox(e, minutesFromNow(60 * 71))).leads.tried).toBe(1);
    expect((await sweepOutbox(e, minutesFromNow(60 * 73))).leads.tried).toBe(0);
  });
});

describe('the queue’s other messages, and bodies it cannot read', () => {
  it('a message the queue gave up on (the agency’s CRM warning) is kept and sent by the sweep, once', async () => {
    const mail = mailService();
    const queued: unknown[] = [];
    const e = bindings(mail.binding, queued);
    const crm = { crmRefused: { reason: 'unreachable', summary: 'pull failed: 502', at: new Date().toISOString() } };
    await deliverUntilDead(e, crm);
    const kept = await env.DB.prepare('SELECT kind, reason, done_at FROM dead_letters').all();
    expect(kept.results).toEqual([{ kind: 'crmRefused', reason: 'retries-exhausted', done_at: null }]);
    mail.state.up = true;
    expect((await sweepOutbox(e, new Date())).letters).toEqual({ tried: 1, delivered: 1 });
    expect(mail.state.delivered.map((m) => m.to)).toEqual([env.AGENCY_INBOX]);
    expect((await sweepOutbox(e, minutesFromNow(30))).letters.tried).toBe(0);
  });

  it.each([
    ['a body no producer writes', { hello: 'world' }],
    ['a lead id of the wrong type', { leadId: 42 }],
    ['a known message with a field too many', { alertMail: { alertId: 1, extra: true } }],
  ])('%s is logged and kept as a dead letter, not acked in silence', async (_what, body) => {
    const batch = createMessageBatch<unknown>('vitrine-notify', [{ id: 'u1', timestamp: new Date(), attempts: 1, body }]);
    const ctx = createExecutionContext();
    await handleNotifications(batch, bindings(mailService().binding, []));
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['u1']);
    const kept = await env.DB.prepare('SELECT kind, reason, body FROM dead_letters').first();
    expect(kept).toEqual({ kind: null, reason: 'unreadable', body: JSON.stringify(body) });
  });
});

describe('the operator’s resend', () => {
  it('POST /outbox/sweep answers only the bearer of the hook’s secret', async () => {
    const call = async (authorization: string | null) => {
      const ctx = createExecutionContext();
      const response = await app.request(`${ORIGIN}/outbox/sweep`, { method: 'POST', headers: authorization ? { Authorization: authorization } : {} }, env, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    expect((await call(null)).status).toBe(403);
    expect((await call('Bearer not-the-secret')).status).toBe(403);
    const ok = await call(`Bearer ${env.PUBLISH_HOOK_TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ leads: { tried: 0 }, letters: { tried: 0 }, crm: { tried: 0 }, alarm: false });
  });
});

describe('the agency hears of an outage once, after an hour', () => {
  it('raises one alarm per outage, with the requests waiting, and none while mail flows', async () => {
    const mail = mailService();
    const queued: unknown[] = [];
    const e = bindings(mail.binding, queued);
    await apply(e, 'waiting@example.be');
    await deliverUntilDead(e, queued[0], 1);
    expect((await sweepOutbox(e, minutesFromNow(30))).alarm).toBe(false);
    expect((await sweepOutbox(e, minutesFromNow(61))).alarm).toBe(true);
    expect(queued.at(-1)).toMatchObject({ deliveryAlarm: { failed: expect.any(Number), waiting: 1 } });
    expect((await sweepOutbox(e, minutesFromNow(76))).alarm).toBe(false);
    // The alarm is mailed like any message: in the site's default language, to the agency.
    mail.state.up = true;
    const alarm = createMessageBatch<unknown>('vitrine-notify', [{ id: 'a1', timestamp: new Date(), attempts: 1, body: queued.at(-1) }]);
    await handleNotifications(alarm, e);
    expect(mail.state.delivered.at(-1)).toEqual({ to: env.AGENCY_INBOX, subject: expect.stringContaining('ne partent plus depuis une heure') });
  });
});
