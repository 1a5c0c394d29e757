/**
 * The visits room's door to privacy: the bookings a person's requests took. Erasing them
 * gives back every place a visit still to come took; a booking is kept for its period after
 * the visit, and an hour of the agenda with no booking left goes with it.
 */
import { cutoff } from '../../domain/privacy/retention.ts';
import { marks, type DoorEnv, type Person, type PersonalDataDoor, type SubjectData } from '../personal-data/door.ts';

async function forgetRequests(env: DoorEnv, requests: readonly string[], now: Date): Promise<{ bookings: number }> {
  let bookings = 0;
  for (let i = 0; i < requests.length; i += 50) {
    const chunk = requests.slice(i, i + 50);
    const results = await env.DB.batch([
      // A visit still to come gives back every place it took before its bookings go.
      env.DB.prepare(
        `UPDATE appointment_slots SET booked = MAX(0, booked - (SELECT COUNT(*) FROM appointments a WHERE a.slot_id = appointment_slots.id AND a.status = 'confirmed' AND a.lead_id IN (${marks(chunk)}))) WHERE starts_at > ?${chunk.length + 1} AND id IN (SELECT slot_id FROM appointments WHERE status = 'confirmed' AND lead_id IN (${marks(chunk)}))`,
      ).bind(...chunk, now.toISOString()),
      env.DB.prepare(`DELETE FROM appointments WHERE lead_id IN (${marks(chunk)})`).bind(...chunk),
    ]);
    bookings += results[1]?.meta.changes ?? 0;
  }
  return { bookings };
}

export const bookingsDoor = {
  room: 'visits',
  async find(env: DoorEnv, person: Person): Promise<Pick<SubjectData, 'bookings'>> {
    const rows = await env.DB.prepare(
      `SELECT s.starts_at, s.property_id, a.status, a.created_at FROM appointments a JOIN appointment_slots s ON s.id = a.slot_id WHERE a.lead_id IN (SELECT value FROM json_each(?1)) ORDER BY s.starts_at`,
    )
      .bind(JSON.stringify(person.requests))
      .all<{ starts_at: string; property_id: number; status: string; created_at: string }>();
    return { bookings: rows.results.map((r) => ({ startsAt: r.starts_at, propertyId: Number(r.property_id), status: r.status, bookedAt: r.created_at })) };
  },
  // A booking is a person's through their request: erased when the request is.
  async erase() {
    return {};
  },
  forgetRequests,
  async expire(env, days, now) {
    const [bookings] = await env.DB.batch([
      env.DB.prepare('DELETE FROM appointments WHERE slot_id IN (SELECT id FROM appointment_slots WHERE starts_at < ?1)').bind(cutoff(now, days.booking)),
      env.DB.prepare('DELETE FROM appointment_slots WHERE starts_at < ?1 AND id NOT IN (SELECT slot_id FROM appointments)').bind(cutoff(now, days.booking)),
    ]);
    return { counts: { booking: bookings?.meta.changes ?? 0 } };
  },
} satisfies PersonalDataDoor;
