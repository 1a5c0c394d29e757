/**
 * The newsletter's door to privacy: a person's subscription. An ended or never confirmed
 * subscription is kept for its period (the record of consent and of its end).
 */
import { cutoff } from '../../domain/privacy/retention.ts';
import { ofDomains, spellingsJson, type DoorEnv, type Person, type PersonalDataDoor, type SubjectData } from '../personal-data/door.ts';

const SAME = 'lower(email) IN (SELECT value FROM json_each(?1))';

export const newsletterDoor = {
  room: 'forms (newsletter)',
  async addresses(db, domains) {
    const rows = await db
      .prepare(`SELECT lower(trim(email)) AS a FROM newsletter_subscribers WHERE ${ofDomains('email')}`)
      .bind(JSON.stringify(domains))
      .all<{ a: string }>();
    return rows.results.map((r) => r.a);
  },
  async find(env: DoorEnv, person: Person): Promise<Pick<SubjectData, 'newsletter'>> {
    const row = await env.DB.prepare(`SELECT status, subscribed_at, unsubscribed_at FROM newsletter_subscribers WHERE ${SAME} ORDER BY subscribed_at DESC LIMIT 1`)
      .bind(spellingsJson(person))
      .first<{ status: string; subscribed_at: string; unsubscribed_at: string | null }>();
    return { newsletter: row ? { status: row.status, since: row.subscribed_at, ended: row.unsubscribed_at } : null };
  },
  async erase(env, person) {
    const deleted = await env.DB.prepare(`DELETE FROM newsletter_subscribers WHERE ${SAME}`).bind(spellingsJson(person)).run();
    return { newsletter: deleted.meta.changes ?? 0 };
  },
  async endSubscriptions(env, person, now) {
    const ended = await env.DB.prepare(`UPDATE newsletter_subscribers SET unsubscribed_at = ?2 WHERE ${SAME} AND unsubscribed_at IS NULL`).bind(spellingsJson(person), now.toISOString()).run();
    return ended.meta.changes ?? 0;
  },
  async expire(env, days, now) {
    const deleted = await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE (unsubscribed_at IS NOT NULL AND unsubscribed_at < ?1) OR (status = 'pending' AND subscribed_at < ?1)")
      .bind(cutoff(now, days.newsletter))
      .run();
    return { counts: { newsletter: deleted.meta.changes ?? 0 } };
  },
} satisfies PersonalDataDoor;
