/** Visit slots of a property and their booking (confirmed, or appointments full). */
export interface OpenSlot {
  id: string;
  startsAt: string;
  left: number;
}

/** Future slots of a property that still have a place, soonest first. */
export async function openSlots(db: D1Database, propertyId: number, now = new Date()): Promise<OpenSlot[]> {
  const { results } = await db
    .prepare('SELECT id, starts_at, capacity - booked AS left FROM appointment_slots WHERE property_id = ? AND starts_at > ? AND booked < capacity ORDER BY starts_at LIMIT 30')
    .bind(propertyId, now.toISOString())
    .all<{ id: string; starts_at: string; left: number }>();
  return results.map((r) => ({ id: r.id, startsAt: r.starts_at, left: r.left }));
}

/**
 * Takes one place in a slot, or says why not. A slot is bookable only as /api/slots offers
 * it: a slot of this very property, still in the future, with a place left. One
 * conditional UPDATE checks all of that and takes the place, so concurrent bookings never
 * exceed the capacity; only when it changed nothing is the reason looked up.
 */
export async function reservePlace(db: D1Database, slotId: string, propertyId: number, now = new Date()): Promise<'reserved' | 'full' | 'invalid'> {
  const result = await db
    .prepare('UPDATE appointment_slots SET booked = booked + 1 WHERE id = ? AND property_id = ? AND starts_at > ? AND booked < capacity')
    .bind(slotId, propertyId, now.toISOString())
    .run();
  if (result.meta.changes === 1) return 'reserved';
  const slot = await db.prepare('SELECT 1 AS found FROM appointment_slots WHERE id = ? AND property_id = ? AND starts_at > ?').bind(slotId, propertyId, now.toISOString()).first();
  return slot ? 'full' : 'invalid';
}

/** Gives the place back when the booking could not be stored. */
export async function releasePlace(db: D1Database, slotId: string): Promise<void> {
  await db.prepare('UPDATE appointment_slots SET booked = booked - 1 WHERE id = ? AND booked > 0').bind(slotId).run();
}

export async function confirmAppointment(db: D1Database, slotId: string, leadId: string): Promise<void> {
  await db.prepare("INSERT INTO appointments (id, slot_id, lead_id, status) VALUES (?, ?, ?, 'confirmed')").bind(crypto.randomUUID(), slotId, leadId).run();
}

/** Demo slots: the next working days at 10:00 and 14:00 (Brussels time in winter), capacity 5. */
export function demoSlots(propertyIds: number[], from: Date, days = 10): { id: string; propertyId: number; startsAt: string; capacity: number }[] {
  const slots: { id: string; propertyId: number; startsAt: string; capacity: number }[] = [];
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let added = 0;
  while (added < days) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    added++;
    for (const hour of [9, 13]) {
      const startsAt = new Date(day.getTime() + hour * 3_600_000).toISOString();
      for (const propertyId of propertyIds) slots.push({ id: `p${propertyId}-${startsAt.slice(0, 13)}`, propertyId, startsAt, capacity: 5 });
    }
  }
  return slots;
}
