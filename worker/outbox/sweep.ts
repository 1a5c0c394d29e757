/**
 * The scheduled sweep of everything accepted and not yet delivered: leads whose mails
 * (the agency's, the visitor's) are still missing after the queue's own tries, and the
 * messages the dead-letter consumer kept. It tries each again, bounded per run, for
 * RETRY_FOR_HOURS after it was accepted; and when deliveries have been failing for an hour
 * it tells the agency, once per outage. A mail service down for twenty minutes, or a day,
 * loses nothing.
 */
import { dispatch, notifyLead, type OutboxEnv } from './consumer.tsx';
import { dueDeadLetters, RETRY_FOR_HOURS, settleDeadLetter } from './dead-letters.ts';
import { readMessage, type DeliveryAlarmMessage } from '../queues/messages.ts';
import { undeliveredCount, undeliveredLeads } from '../leads/store.ts';
import { failingSince } from '../mail/send.ts';
import { pushLead } from './crm-push.ts';
import { dueCrmPushes } from '../leads/crm-pushes.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';

/** Leads younger than this are the queue's to deliver; the sweep leaves them alone. */
export const QUEUE_GRACE_MINUTES = 10;
/** Mails failing with nothing sent for this long raise the agency's alarm. */
export const ALARM_AFTER_MINUTES = 60;
/** Leads and letters tried per run, so one run stays well within a scheduled Worker's limits. */
const PER_RUN = 50;

export interface SweepReport {
  leads: { tried: number; delivered: number };
  letters: { tried: number; delivered: number };
  /** Leads the agency's CRM has not confirmed yet. */
  crm: { tried: number; delivered: number };
  alarm: boolean;
}

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

async function raiseAlarm(env: OutboxEnv, now: Date): Promise<boolean> {
  const failing = await failingSince(env.DB);
  if (!failing || failing.since > minutesBefore(now, ALARM_AFTER_MINUTES)) return false;
  const raised = await env.DB.prepare('INSERT OR IGNORE INTO delivery_alarms (failing_since, raised_at) VALUES (?, ?)').bind(failing.since, now.toISOString()).run();
  if (raised.meta.changes !== 1) return false;
  const waiting = await undeliveredCount(env.DB, minutesBefore(now, RETRY_FOR_HOURS * 60));
  const message: DeliveryAlarmMessage = { deliveryAlarm: { since: failing.since, failed: failing.failed, waiting } };
  await env.NOTIFY.send(message);
  return true;
}

export async function sweepOutbox(env: OutboxEnv, now: Date = new Date(), fetcher: Fetcher = fetch): Promise<SweepReport> {
  const report: SweepReport = { leads: { tried: 0, delivered: 0 }, letters: { tried: 0, delivered: 0 }, crm: { tried: 0, delivered: 0 }, alarm: false };
  for (const id of await undeliveredLeads(env.DB, { since: minutesBefore(now, RETRY_FOR_HOURS * 60), until: minutesBefore(now, QUEUE_GRACE_MINUTES) }, PER_RUN)) {
    report.leads.tried += 1;
    try {
      await notifyLead(env, id);
      report.leads.delivered += 1;
    } catch (error) {
      console.error('sweep: lead still undelivered', id, String(error).slice(0, 200));
    }
  }
  for (const letter of await dueDeadLetters(env.DB, now, PER_RUN)) {
    report.letters.tried += 1;
    let body: unknown;
    try {
      body = JSON.parse(letter.body);
    } catch {
      body = null;
    }
    const message = readMessage(body);
    try {
      if (!message) throw new Error('the kept body is no longer a message any sender reads');
      await dispatch(message, env);
      await settleDeadLetter(env.DB, letter.id, { ok: true }, now);
      report.letters.delivered += 1;
    } catch (error) {
      await settleDeadLetter(env.DB, letter.id, { ok: false, error: String(error), attempts: letter.attempts }, now);
    }
  }
  for (const id of await dueCrmPushes(env.DB, { since: minutesBefore(now, RETRY_FOR_HOURS * 60), until: minutesBefore(now, QUEUE_GRACE_MINUTES) }, PER_RUN)) {
    report.crm.tried += 1;
    try {
      if ((await pushLead(env, id, fetcher, now)) !== 'no-crm') report.crm.delivered += 1;
    } catch (error) {
      console.error('sweep: lead not yet in the CRM', id, String(error).slice(0, 200));
    }
  }
  try {
    report.alarm = await raiseAlarm(env, now);
  } catch (error) {
    console.error('sweep: delivery alarm not raised', error);
  }
  return report;
}
