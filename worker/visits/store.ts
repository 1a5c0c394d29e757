/** Visit slots of a property and their booking (confirmed, or appointments full). */
export interface OpenSlot {
  id: string;
  startsAt: string;
  left: number;
}

/** Future slots of a property that still have a place, soonest first. */
export async function openSlots(db: D1Database, propertyId: number, now = new Date()): Promise<OpenSlot[]> {
  const { results } = await db
    .prepare('SELECT id, starts_at, capacity - booked AS left FROM appointment_slots WHERE property_id = ? AND starts_at > ? AND booked < capacity AND closed = 0 ORDER BY starts_at LIMIT 30')
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
    .prepare('UPDATE appointment_slots SET booked = booked + 1 WHERE id = ? AND property_id = ? AND starts_at > ? AND booked < capacity AND closed = 0')
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

/** Records the booking; its secret names the visit in the thank-you page, the mail, the .ics file and the cancel link. */
export async function confirmAppointment(db: D1Database, slotId: string, leadId: string): Promise<string> {
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
  await db.prepare("INSERT INTO appointments (id, slot_id, lead_id, status, token) VALUES (?, ?, ?, 'confirmed', ?)").bind(crypto.randomUUID(), slotId, leadId, token).run();
  return token;
}

/** A booked visit as its secret's holder sees it. */
export interface BookedVisit {
  startsAt: string;
  propertyId: number;
  lang: string;
  cancelled: boolean;
}

export async function visitByToken(db: D1Database, token: string): Promise<BookedVisit | null> {
  const row = await db
    .prepare('SELECT s.starts_at, s.property_id, l.lang, a.status FROM appointments a JOIN appointment_slots s ON s.id = a.slot_id JOIN leads l ON l.id = a.lead_id WHERE a.token = ?')
    .bind(token)
    .first<{ starts_at: string; property_id: number; lang: string; status: string }>();
  return row ? { startsAt: row.starts_at, propertyId: row.property_id, lang: row.lang, cancelled: row.status === 'cancelled' } : null;
}

/**
 * Cancels a booked visit still to come, once, and gives its place back: 'cancelled', or
 * why not ('unknown', 'already', 'past').
 */
export async function cancelVisit(db: D1Database, token: string, now = new Date()): Promise<'cancelled' | 'unknown' | 'already' | 'past'> {
  const row = await db
    .prepare(
      "UPDATE appointments SET status = 'cancelled', cancelled_at = ?2 WHERE token = ?1 AND status = 'confirmed' AND slot_id IN (SELECT id FROM appointment_slots WHERE starts_at > ?2) RETURNING slot_id",
    )
    .bind(token, now.toISOString())
    .first<{ slot_id: string }>();
  if (row) {
    await releasePlace(db, row.slot_id);
    return 'cancelled';
  }
  const visit = await visitByToken(db, token);
  return !visit ? 'unknown' : visit.cancelled ? 'already' : 'past';
}

/** When a slot starts, for the agency's mail of the booking. */
export async function slotStart(db: D1Database, slotId: string): Promise<string | null> {
  return (await db.prepare('SELECT starts_at FROM appointment_slots WHERE id = ?').bind(slotId).first<{ starts_at: string }>())?.starts_at ?? null;
}

/** A booked slot as the CRM is told about it: when, and the CRM's own visit moment when it comes from its agenda. */
export async function slotOfBooking(db: D1Database, slotId: string): Promise<{ startsAt: string; source: string; externalId: string | null } | null> {
  const row = await db.prepare('SELECT starts_at, source, external_id FROM appointment_slots WHERE id = ?').bind(slotId).first<{ starts_at: string; source: string; external_id: string | null }>();
  return row ? { startsAt: row.starts_at, source: row.source, externalId: row.external_id } : null;
}

/** A lead's booking on a slot: when it starts, and the secret of its cancel and calendar links. */
export async function bookingOfLead(db: D1Database, slotId: string, leadId: string): Promise<{ startsAt: string; token: string | null; agent: string | null } | null> {
  const row = await db
    .prepare('SELECT s.starts_at, s.agent, a.token FROM appointment_slots s LEFT JOIN appointments a ON a.slot_id = s.id AND a.lead_id = ?2 WHERE s.id = ?1')
    .bind(slotId, leadId)
    .first<{ starts_at: string; token: string | null; agent: string | null }>();
  return row ? { startsAt: row.starts_at, token: row.token, agent: row.agent } : null;
}

/** A visit booked on the site, for the agency's calendar: when, which listing, whose lead, and whether it still stands. */
export interface AgencyBooking {
  token: string;
  startsAt: string;
  propertyId: number;
  leadId: string;
  cancelled: boolean;
}

/** Visits booked from a day ago on, cancelled ones included (a subscribed calendar drops them). */
export async function bookingsFrom(db: D1Database, since: Date): Promise<AgencyBooking[]> {
  const rows = await db
    .prepare(
      'SELECT a.token, s.starts_at, s.property_id, a.lead_id, a.status FROM appointments a JOIN appointment_slots s ON s.id = a.slot_id WHERE s.starts_at >= ? AND a.token IS NOT NULL ORDER BY s.starts_at LIMIT 2000',
    )
    .bind(since.toISOString())
    .all<{ token: string; starts_at: string; property_id: number; lead_id: string; status: string }>();
  return rows.results.map((r) => ({ token: r.token, startsAt: r.starts_at, propertyId: r.property_id, leadId: r.lead_id, cancelled: r.status === 'cancelled' }));
}
