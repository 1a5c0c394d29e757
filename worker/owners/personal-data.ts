/**
 * The owners room's door to privacy: the day's record of which visitors already counted as a
 * view of a listing (hashed, never an address) goes at the end of its day.
 */
import type { PersonalDataDoor } from '../personal-data/door.ts';

export const visitStatisticsDoor = {
  room: 'owners (visit statistics)',
  async find() {
    return {};
  },
  async erase() {
    return {};
  },
  async expire(env, _days, now) {
    const deleted = await env.DB.prepare('DELETE FROM visit_seen WHERE day < ?1').bind(now.toISOString().slice(0, 10)).run();
    return { counts: { 'visit-statistics': deleted.meta.changes } };
  },
} satisfies PersonalDataDoor;
