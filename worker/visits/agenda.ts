/**
 * Visit slots from where the agency keeps its agenda: the operator's own (`npm run slots`),
 * its published calendar (ICS) or its CRM. A source's sync replaces that source's future
 * slots and nothing else: a slot gone from the agenda (the agent took the hour) closes; one
 * a visitor already booked keeps its visitors, with no place left. The site's own booking
 * check (reservePlace) then guarantees no hour is booked beyond its places.
 */
export type SlotSource = 'site' | 'ics' | 'crm';

/** One hour of an agenda offered for visits of one listing. */
export interface AgendaSlot {
  propertyId: number;
  /** The hour's start, UTC ISO, on the hour. */
  startsAt: string;
  places: number;
  externalId: string | null;
  /** The agent who holds the hour, when the agenda names one (a calendar event's organizer). */
  agent?: string | null;
}

/** A slot's id: one per listing and hour, the shape the booking form posts. */
export function slotId(propertyId: number, startsAt: string): string {
  return `p${propertyId}-${startsAt.slice(0, 13)}`;
}

const NEVER_BOOKED = 'NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = appointment_slots.id)';

/** Slots of one hour of one listing are one slot, with their places added. */
function merged(slots: AgendaSlot[]): Map<string, AgendaSlot> {
  const byId = new Map<string, AgendaSlot>();
  for (const slot of slots) {
    const id = slotId(slot.propertyId, slot.startsAt);
    const known = byId.get(id);
    byId.set(id, known ? { ...known, places: known.places + slot.places } : slot);
  }
  return byId;
}

/**
 * Makes the future slots of `source` what its agenda says now. Returns how many it offers.
 * A calendar's slot leaves another source's slot at the same hour as it is; the CRM's agenda,
 * when the CRM keeps one, replaces every hour of the other sources that nobody booked.
 */
export async function replaceAgendaSlots(db: D1Database, source: Exclude<SlotSource, 'site'>, slots: AgendaSlot[], now: Date): Promise<number> {
  const stamp = now.toISOString();
  const future = [...merged(slots)].filter(([, s]) => s.startsAt > stamp);
  const upserts = future.map(([id, s]) =>
    db
      .prepare(
        `INSERT INTO appointment_slots (id, property_id, starts_at, capacity, source, external_id, synced_at, agent) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (id) DO UPDATE SET capacity = MAX(excluded.capacity, appointment_slots.booked, 1), external_id = excluded.external_id, synced_at = excluded.synced_at, closed = 0, agent = excluded.agent
         WHERE appointment_slots.source = excluded.source`,
      )
      .bind(id, s.propertyId, s.startsAt, Math.max(1, s.places), source, s.externalId, stamp, s.agent?.slice(0, 80) || null),
  );
  // The CRM's agenda is the agency's one agenda: an hour of another source that nobody booked gives way to it.
  if (source === 'crm') await db.prepare(`DELETE FROM appointment_slots WHERE source != 'crm' AND starts_at > ?1 AND ${NEVER_BOOKED}`).bind(stamp).run();
  for (let i = 0; i < upserts.length; i += 50) await db.batch(upserts.slice(i, i + 50));
  await db.batch([
    // Gone from the agenda: an hour never booked disappears; one with visits (or cancelled ones) closes and keeps them.
    db.prepare(`DELETE FROM appointment_slots WHERE source = ?1 AND starts_at > ?2 AND (synced_at IS NULL OR synced_at != ?2) AND ${NEVER_BOOKED}`).bind(source, stamp),
    db.prepare('UPDATE appointment_slots SET closed = 1 WHERE source = ?1 AND starts_at > ?2 AND (synced_at IS NULL OR synced_at != ?2)').bind(source, stamp),
    db
      .prepare('INSERT INTO agenda_syncs (source, synced_at, slots, error) VALUES (?1, ?2, ?3, NULL) ON CONFLICT (source) DO UPDATE SET synced_at = ?2, slots = ?3, error = NULL')
      .bind(source, stamp, future.length),
  ]);
  return future.length;
}

/** Records that a source could not be read: its slots stay as last read. */
export async function agendaFailed(db: D1Database, source: Exclude<SlotSource, 'site'>, error: string): Promise<void> {
  await db.prepare('UPDATE agenda_syncs SET error = ?2 WHERE source = ?1').bind(source, error.slice(0, 500)).run();
}

/** When a source's agenda was last read whole, or null. */
export async function lastAgendaSync(db: D1Database, source: Exclude<SlotSource, 'site'>): Promise<Date | null> {
  const row = await db.prepare('SELECT synced_at FROM agenda_syncs WHERE source = ?').bind(source).first<{ synced_at: string }>();
  return row ? new Date(row.synced_at) : null;
}

/** Where a slot comes from, or null for no such slot. */
export async function sourceOfSlot(db: D1Database, id: string): Promise<SlotSource | null> {
  return (await db.prepare('SELECT source FROM appointment_slots WHERE id = ?').bind(id).first<{ source: SlotSource }>())?.source ?? null;
}

// ───────────────────────────── the operator's own slots ─────────────────────────────

export interface ListedSlot {
  id: string;
  property_id: number;
  starts_at: string;
  capacity: number;
  booked: number;
  source: SlotSource;
  closed: number;
}

/** Adds (or widens) an hour for visits of one listing: `npm run slots -- add`. */
export async function addSlot(db: D1Database, slot: { propertyId: number; startsAt: string; places: number; agent?: string | null }): Promise<string> {
  const id = slotId(slot.propertyId, slot.startsAt);
  await db
    .prepare(
      "INSERT INTO appointment_slots (id, property_id, starts_at, capacity, source, agent) VALUES (?1, ?2, ?3, ?4, 'site', ?5) ON CONFLICT (id) DO UPDATE SET capacity = MAX(?4, appointment_slots.booked), closed = 0, agent = COALESCE(?5, appointment_slots.agent)",
    )
    .bind(id, slot.propertyId, slot.startsAt, slot.places, slot.agent?.trim().slice(0, 80) || null)
    .run();
  return id;
}

/** The slots still to come, a listing's or all of them. */
export async function listSlots(db: D1Database, now: Date, propertyId: number | null = null): Promise<ListedSlot[]> {
  const rows = await db
    .prepare('SELECT id, property_id, starts_at, capacity, booked, source, closed FROM appointment_slots WHERE starts_at > ?1 AND (?2 IS NULL OR property_id = ?2) ORDER BY starts_at, property_id')
    .bind(now.toISOString(), propertyId)
    .all<ListedSlot>();
  return rows.results;
}

/** Removes an hour never booked; one with visits is closed instead (its visitors keep their visit). */
export async function removeSlot(db: D1Database, id: string): Promise<'removed' | 'closed' | 'unknown'> {
  const removed = await db.prepare(`DELETE FROM appointment_slots WHERE id = ? AND ${NEVER_BOOKED}`).bind(id).run();
  if (removed.meta.changes === 1) return 'removed';
  const closed = await db.prepare('UPDATE appointment_slots SET closed = 1 WHERE id = ?').bind(id).run();
  return closed.meta.changes === 1 ? 'closed' : 'unknown';
}
