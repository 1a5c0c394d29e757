/**
 * The alerts room's door to privacy: a person's saved searches, the listings each was told
 * of, and the address book of confirmed addresses. An ended alert is kept for its period
 * (the record of consent and of its end), an unconfirmed one as long.
 */
import { cutoff } from '../../domain/privacy/retention.ts';
import { ofDomains, spellingsJson, type DoorEnv, type Person, type PersonalDataDoor, type SubjectData } from '../personal-data/door.ts';

const SAME = 'lower(email) IN (SELECT value FROM json_each(?1))';

export const alertsDoor = {
  room: 'alerts',
  async addresses(db, domains) {
    const bound = JSON.stringify(domains);
    const [alerts, addresses] = await db.batch<{ a: string }>([
      db.prepare(`SELECT DISTINCT lower(trim(email)) AS a FROM alerts WHERE ${ofDomains('email')}`).bind(bound),
      db.prepare(`SELECT lower(trim(email)) AS a FROM alert_addresses WHERE ${ofDomains('email')}`).bind(bound),
    ]);
    return [...(alerts?.results ?? []), ...(addresses?.results ?? [])].map((r) => r.a);
  },
  async find(env: DoorEnv, person: Person): Promise<Pick<SubjectData, 'alerts'>> {
    const rows = await env.DB.prepare(`SELECT id, list_url, frequency, status, consent_at FROM alerts WHERE ${SAME} ORDER BY id`)
      .bind(spellingsJson(person))
      .all<{ id: number; list_url: string; frequency: string; status: string; consent_at: string }>();
    return { alerts: rows.results.map((r) => ({ id: Number(r.id), list: r.list_url, frequency: r.frequency, status: r.status, since: r.consent_at })) };
  },
  async erase(env, person) {
    const spellings = spellingsJson(person);
    const results = await env.DB.batch([
      env.DB.prepare(`DELETE FROM alert_matches WHERE alert_id IN (SELECT id FROM alerts WHERE ${SAME})`).bind(spellings),
      env.DB.prepare(`DELETE FROM alerts WHERE ${SAME}`).bind(spellings),
      env.DB.prepare(`DELETE FROM alert_addresses WHERE ${SAME}`).bind(spellings),
    ]);
    return { alerts: results[1]?.meta.changes ?? 0 };
  },
  async endSubscriptions(env, person, now) {
    const ended = await env.DB.prepare(`UPDATE alerts SET status = 'unsubscribed', unsubscribed_at = ?2 WHERE ${SAME} AND status != 'unsubscribed'`)
      .bind(spellingsJson(person), now.toISOString())
      .run();
    return ended.meta.changes ?? 0;
  },
  async expire(env, days, now) {
    const [alerts] = await env.DB.batch([
      env.DB.prepare("DELETE FROM alerts WHERE (status = 'unsubscribed' AND unsubscribed_at < ?1) OR (status = 'pending' AND confirmed_at IS NULL AND consent_at < ?1) RETURNING id").bind(
        cutoff(now, days.alert),
      ),
      env.DB.prepare('DELETE FROM alert_addresses WHERE lower(email) NOT IN (SELECT lower(email) FROM alerts)'),
      // An ended alert's matches go with it.
      env.DB.prepare('DELETE FROM alert_matches WHERE alert_id NOT IN (SELECT id FROM alerts)'),
    ]);
    return { counts: { alert: alerts?.results.length ?? 0 } };
  },
} satisfies PersonalDataDoor;
