/**
 * The CRM room's door to privacy: its runs' log quotes what a pull found (names in a
 * refused record's summary), so it is kept for its own period and holds nothing findable by
 * a person's address.
 */
import { cutoff } from '../../domain/privacy/retention.ts';
import type { PersonalDataDoor } from '../personal-data/door.ts';

export const crmRunsDoor = {
  room: 'crm',
  async find() {
    return {};
  },
  async erase() {
    return {};
  },
  async expire(env, days, now) {
    const deleted = await env.DB.prepare('DELETE FROM crm_runs WHERE started_at < ?1').bind(cutoff(now, days['crm-run'])).run();
    return { counts: { 'crm-run': deleted.meta.changes ?? 0 } };
  },
} satisfies PersonalDataDoor;
