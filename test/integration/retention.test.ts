/**
 * The retention schedule applied by the scheduled run, on miniflare's D1 and R2: what its
 * period has ended is erased, with its uploads; what is younger, or another kind's, stays.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publish } from './support.ts';
import { insertLead } from '../../worker/leads/store.ts';
import { runSchedule } from '../../worker/scheduled.ts';
import { dailyRetention } from '../../worker/privacy/retention-run.ts';

const NOW = new Date('2026-11-27T03:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

async function lead(kind: Parameters<typeof insertLead>[1]['kind'], email: string, age: number, data: Record<string, unknown> = {}): Promise<string> {
  const id = await insertLead(env.DB, { kind, lang: 'fr', data: { email, firstName: 'Anne', ...data }, crm: true });
  await env.DB.prepare('UPDATE leads SET created_at = ? WHERE id = ?').bind(daysAgo(age), id).run();
  return id;
}

const leadIds = async () => (await env.DB.prepare('SELECT id FROM leads').all<{ id: string }>()).results.map((r) => r.id).sort();

beforeAll(async () => {
  await publish();
});

beforeEach(async () => {
  await env.DB.batch(
    ['crm_pushes', 'lead_mails', 'appointments', 'leads', 'mail_log', 'alert_matches', 'alerts', 'newsletter_subscribers', 'privacy_runs'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );
});

describe('the daily retention run', () => {
  it('erases each kind past its period, with its uploads and CRM queue row, and keeps everything younger', async () => {
    await env.FILES.put('uploads/job-application/old-cv', 'CV');
    await env.FILES.put('uploads/job-application/new-cv', 'CV');
    const oldContact = await lead('site-contact', 'gone@example.be', 4 * 365);
    const recentContact = await lead('site-contact', 'stays@example.be', 30);
    // Three years run from the last request: an old one of someone who wrote again last month stays.
    const oldButRecontacted = await lead('contact-me', 'Stays@Example.be', 4 * 365);
    const oldApplication = await lead('job-application', 'cv@example.be', 200, { files: { cv: 'uploads/job-application/old-cv' } });
    const newApplication = await lead('job-application', 'cv2@example.be', 20, { files: { cv: 'uploads/job-application/new-cv' } });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO mail_log (recipient, kind, subject, text, html, status, sent_at) VALUES ('a@example.be', 'agency-lead', 's', 't', 'h', 'sent', ?)").bind(daysAgo(91)),
      env.DB.prepare("INSERT INTO mail_log (recipient, kind, subject, text, html, status, sent_at) VALUES ('b@example.be', 'agency-lead', 's', 't', 'h', 'sent', ?)").bind(daysAgo(89)),
      env.DB.prepare(
        "INSERT INTO alerts (email, lang, list_kind, criteria, list_url, frequency, status, token, consent_text, consent_at, unsubscribed_at) VALUES ('ended@example.be', 'fr', 'list-sale', '{}', '/fr/a-vendre/', 'instant', 'unsubscribed', 't1', 'c', ?, ?)",
      ).bind(daysAgo(400), daysAgo(40)),
      env.DB.prepare(
        "INSERT INTO alerts (email, lang, list_kind, criteria, list_url, frequency, status, token, consent_text, consent_at, confirmed_at) VALUES ('active@example.be', 'fr', 'list-sale', '{}', '/fr/a-vendre/', 'instant', 'confirmed', 't2', 'c', ?, ?)",
      ).bind(daysAgo(400), daysAgo(400)),
    ]);

    await runSchedule({ ...env, CRM_ADAPTER: '' } as Env, NOW);

    expect(await leadIds()).toEqual([recentContact, oldButRecontacted, newApplication].sort());
    expect(await leadIds()).not.toContain(oldContact);
    expect(await leadIds()).not.toContain(oldApplication);
    expect(await env.FILES.get('uploads/job-application/old-cv')).toBeNull();
    expect(await env.FILES.get('uploads/job-application/new-cv')).not.toBeNull();
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM crm_pushes').first<{ n: number }>())?.n).toBe(3);
    const logged = (await env.DB.prepare('SELECT recipient FROM mail_log').all<{ recipient: string }>()).results.map((r) => r.recipient);
    expect(logged).toContain('b@example.be');
    expect(logged).not.toContain('a@example.be');
    expect((await env.DB.prepare('SELECT email FROM alerts').all<{ email: string }>()).results.map((r) => r.email)).toEqual(['active@example.be']);
    // The run is recorded with its counts, never the data.
    const run = await env.DB.prepare('SELECT counts, finished_at, error FROM privacy_runs').first<{ counts: string; finished_at: string; error: string | null }>();
    expect(JSON.parse(run?.counts ?? '{}')).toMatchObject({ lead: 1, application: 1, upload: 1, 'mail-log': 1, alert: 1 });
    expect(run?.counts).not.toContain('@');
    expect(run?.finished_at).toBeTruthy();
  });

  it('runs once a day; a failed run changes nothing it did not report, and the next tick finishes it', async () => {
    const old = await lead('site-contact', 'gone@example.be', 4 * 365);
    const young = await lead('site-contact', 'young@example.be', 10);
    const failing = { DB: env.DB, FILES: { ...env.FILES, delete: () => Promise.reject(new Error('R2 down')), list: env.FILES.list.bind(env.FILES) } as unknown as R2Bucket };
    await env.FILES.put('uploads/site-contact/x', 'x');
    await env.DB.prepare('UPDATE leads SET payload = ? WHERE id = ?')
      .bind(JSON.stringify({ email: 'gone@example.be', files: { photo: 'uploads/site-contact/x' } }), old)
      .run();
    expect(await dailyRetention(failing, {}, NOW)).toBe('failed');
    expect(await leadIds()).toEqual([old, young].sort());
    expect((await env.DB.prepare('SELECT error, finished_at FROM privacy_runs').first<{ error: string; finished_at: string | null }>())?.error).toContain('R2 down');
    expect(await dailyRetention(env, {}, new Date(NOW.getTime() + 15 * 60_000))).toBe('done');
    expect(await leadIds()).toEqual([young]);
    expect(await dailyRetention(env, {}, new Date(NOW.getTime() + 30 * 60_000))).toBe('already-done');
  });

  it('a run that keeps failing is reported to the agency once that day, after three tries', async () => {
    await lead('site-contact', 'gone@example.be', 4 * 365);
    const failing = { DB: env.DB, FILES: { ...env.FILES, delete: () => Promise.reject(new Error('R2 down')), list: env.FILES.list.bind(env.FILES) } as unknown as R2Bucket };
    await env.FILES.put('uploads/site-contact/y', 'y');
    await env.DB.prepare("UPDATE leads SET payload = ? WHERE email = 'gone@example.be'")
      .bind(JSON.stringify({ files: { photo: 'uploads/site-contact/y' } }))
      .run();
    const reports: { tries: number; error: string }[] = [];
    const report = async (failure: { tries: number; error: string }) => void reports.push(failure);
    for (let tick = 0; tick < 5; tick++) expect(await dailyRetention(failing, {}, new Date(NOW.getTime() + tick * 15 * 60_000), report)).toBe('failed');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ tries: 3, error: expect.stringContaining('R2 down') });
  });

  it('follows the agency’s period from site.json, within the bounds the code sets', async () => {
    const year = await lead('site-contact', 'year@example.be', 365);
    const months = await lead('site-contact', 'months@example.be', 150);
    // 100 days asked: below the 6 months a prospect is kept at least, so 180 days apply.
    expect(await dailyRetention(env, { lead: 100 }, NOW)).toBe('done');
    expect(await leadIds()).toEqual([months]);
    expect(await leadIds()).not.toContain(year);
  });
});
