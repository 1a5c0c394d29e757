/**
 * The privacy room's own door: the links and sessions it issued for an address (hashes, the
 * address, the language), erased with everything else and kept no longer than the log.
 */
import { cutoff } from '../../domain/privacy/retention.ts';
import { ofDomains, spellingsJson, type PersonalDataDoor } from '../personal-data/door.ts';

export const privacyLinksDoor = {
  room: 'privacy',
  async addresses(db, domains) {
    const rows = await db
      .prepare(`SELECT DISTINCT lower(trim(email)) AS a FROM privacy_links WHERE ${ofDomains('email')}`)
      .bind(JSON.stringify(domains))
      .all<{ a: string }>();
    return rows.results.map((r) => r.a);
  },
  async find() {
    return {};
  },
  async erase(env, person) {
    await env.DB.prepare('DELETE FROM privacy_links WHERE lower(email) IN (SELECT value FROM json_each(?1))').bind(spellingsJson(person)).run();
    return {};
  },
  async expire(env, days, now) {
    await env.DB.prepare('DELETE FROM privacy_links WHERE created_at < ?1').bind(cutoff(now, days['mail-log'])).run();
    return { counts: {} };
  },
} satisfies PersonalDataDoor;
