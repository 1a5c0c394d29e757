/**
 * The mail room's door to privacy: the delivery log's mails to a person and about them (the
 * agency's copies of what they sent), and the mail gate's passes for their address. Both are
 * kept for the delivery log's period.
 */
import { cutoff } from '../../domain/privacy/retention.ts';
import { ofDomains, spellingsJson, type DoorEnv, type Person, type PersonalDataDoor, type SubjectData } from '../personal-data/door.ts';

/**
 * The delivery log's rows about a person (?2: their subject key) or sent to them (?1: their
 * spellings); rows logged before the log named whom a mail is about are found by the
 * addresses they quote.
 */
const MAILS_ABOUT = `(about = ?2 OR lower(recipient) IN (SELECT value FROM json_each(?1)) OR (about IS NULL AND EXISTS (SELECT 1 FROM json_each(?1) s WHERE instr(lower(text), s.value) > 0 OR instr(lower(html), s.value) > 0)))`;

export const mailDoor = {
  room: 'mail',
  async addresses(db, domains) {
    const bound = JSON.stringify(domains);
    const [log, passes] = await db.batch<{ a: string }>([
      db.prepare(`SELECT DISTINCT lower(trim(recipient)) AS a FROM mail_log WHERE ${ofDomains('recipient')}`).bind(bound),
      db.prepare(`SELECT DISTINCT lower(trim(recipient)) AS a FROM mail_passes WHERE ${ofDomains('recipient')}`).bind(bound),
    ]);
    return [...(log?.results ?? []), ...(passes?.results ?? [])].map((r) => r.a);
  },
  async find(env: DoorEnv, person: Person): Promise<Pick<SubjectData, 'mails'>> {
    const rows = await env.DB.prepare(`SELECT kind, subject, sent_at, status FROM mail_log WHERE ${MAILS_ABOUT} ORDER BY id`)
      .bind(spellingsJson(person), person.about)
      .all<{ kind: string; subject: string; sent_at: string; status: string }>();
    return { mails: rows.results.map((r) => ({ kind: r.kind, subject: r.subject, sentAt: r.sent_at, status: r.status })) };
  },
  async erase(env, person) {
    const spellings = spellingsJson(person);
    const [mails] = await env.DB.batch([
      env.DB.prepare(`DELETE FROM mail_log WHERE ${MAILS_ABOUT}`).bind(spellings, person.about),
      env.DB.prepare('DELETE FROM mail_passes WHERE lower(recipient) IN (SELECT value FROM json_each(?1))').bind(spellings),
    ]);
    return { mails: mails?.meta.changes ?? 0 };
  },
  async expire(env, days, now) {
    const [mails, passes] = await env.DB.batch([
      env.DB.prepare('DELETE FROM mail_log WHERE sent_at < ?1').bind(cutoff(now, days['mail-log'])),
      env.DB.prepare('DELETE FROM mail_passes WHERE created_at < ?1').bind(cutoff(now, days['mail-log'])),
    ]);
    return { counts: { 'mail-log': (mails?.meta.changes ?? 0) + (passes?.meta.changes ?? 0) } };
  },
} satisfies PersonalDataDoor;
