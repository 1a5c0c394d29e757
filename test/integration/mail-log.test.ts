/**
 * Every mail goes through the Email Service binding (structured: HTML and text) and leaves
 * a line in the D1 delivery log, sent or failed, which `npm run mail list` reads.
 */
import { applyRetention } from '../../worker/privacy/retention-run.ts';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';
import { notifyLead } from '../../worker/outbox/consumer.tsx';
import { bindingMailer } from '../../worker/mail/send.ts';
import type { Recipient } from '../../worker/mail/gate.ts';

const ORIGIN = 'https://vitrine.test';
let visitor = 0;

async function contact(email: string): Promise<string> {
  const response = await request('/forms/site-contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor}` },
    body: new URLSearchParams({ lang: 'nl', title: 'ms', firstName: 'Lies', lastName: 'Peeters', email, phone: '0475123456', message: 'Zie https://evil.example/x' }).toString(),
  });
  expect(response.status).toBe(200);
  return (await env.DB.prepare('SELECT id FROM leads WHERE email = ?').bind(email).first<{ id: string }>())?.id ?? '';
}

interface LogRow {
  recipient: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  message_id: string | null;
  error: string | null;
}

beforeAll(async () => {
  await publish();
});
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM mail_log').run();
});

describe('the delivery log', () => {
  it('keeps each mail of a lead as sent, with its kind, subject, both parts and the message id', async () => {
    const id = await contact('lies@example.be');
    expect(await notifyLead({ ...env, SITE_ORIGIN: ORIGIN }, id)).toBe('sent');
    const { results } = await env.DB.prepare('SELECT * FROM mail_log ORDER BY id').all<LogRow>();
    // The agency's copy, and the visitor's receipt at the address they typed.
    expect(results.map((r) => [r.recipient, r.kind, r.status])).toEqual([
      [env.AGENCY_INBOX, 'agency-lead', 'sent'],
      ['lies@example.be', 'request-acknowledgement', 'sent'],
    ]);
    const agency = results[0];
    expect(agency).toMatchObject({ recipient: env.AGENCY_INBOX, kind: 'agency-lead', status: 'sent', error: null });
    expect(agency?.message_id).toBeTruthy();
    expect(agency?.text).toContain('Peeters');
    expect(agency?.html).toContain('Peeters');
    // The visitor's words are quoted as text: their link is no link for the agency, in either part.
    expect(agency?.html).toContain('hxxps[://]evil[.]example/x');
    expect(agency?.text).toContain('hxxps[://]evil[.]example/x');
    expect(agency?.html).not.toContain('<a href="https://evil.example');
  });

  it('logs a failed send with its error and throws, so the queue retries', async () => {
    const failing = bindingMailer({
      DB: env.DB,
      EMAIL: {
        send: async () => {
          throw new Error('sending domain not verified');
        },
      } as unknown as SendEmail,
    });
    await expect(failing(env.MAIL_FROM, 'someone@example.be' as Recipient, { subject: 'Test', text: 'Hello', html: '<p>Hello</p>' }, 'appointment-confirmation')).rejects.toThrow('not verified');
    const row = await env.DB.prepare('SELECT * FROM mail_log').first<LogRow>();
    expect(row).toMatchObject({ recipient: 'someone@example.be', kind: 'appointment-confirmation', status: 'failed', message_id: null });
    expect(row?.error).toContain('sending domain not verified');
  });

  it('the daily retention run drops entries older than the mail log’s period', async () => {
    await env.DB.prepare(
      "INSERT INTO mail_log (recipient, kind, subject, text, html, status, sent_at) VALUES ('old@example.be', 'agency-lead', 's', 't', 'h', 'sent', '2020-01-01T00:00:00.000Z')",
    ).run();
    await bindingMailer(env)(
      env.MAIL_FROM,
      'new@example.be' as Recipient,
      { subject: 'Test', text: 'Hello https://vitrine.test/', html: '<p>Hello <a href="https://vitrine.test/">https://vitrine.test/</a></p>' },
      'appointment-confirmation',
    );
    await applyRetention(env, {}, new Date());
    const { results } = await env.DB.prepare('SELECT recipient, html FROM mail_log').all<{ recipient: string; html: string }>();
    expect(results.map((r) => r.recipient)).toEqual(['new@example.be']);
    // The site's own links are clickable in its own mails.
    expect(results[0]?.html).toContain('<a href="https://vitrine.test/">');
  });
});
