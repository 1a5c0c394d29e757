/**
 * Demo data the database needs to be tried as a visitor would: bookable visit slots for
 * the available Belgian properties over the next ten working days. Idempotent.
 */
import { demoSlots } from './lib/demo-slots.ts';
import { insertRows } from './lib/d1-rows.ts';

function availableBelgianIds(content: Record<string, unknown>): number[] {
  const properties = Array.isArray(content.properties) ? content.properties : [];
  return properties.flatMap((p: unknown) => {
    if (typeof p !== 'object' || p === null) return [];
    const r = Object.fromEntries(Object.entries(p));
    const available = r.Status === undefined || r.Status === 'available' || r.Status === 'option';
    return typeof r.ID === 'number' && r.CountryID === 10 && available ? [r.ID] : [];
  });
}

/** Inserts the slots that are missing; returns how many were added. */
export async function seedSlots(db: D1Database, content: Record<string, unknown>, now = new Date()): Promise<number> {
  const slots = demoSlots(availableBelgianIds(content), now);
  const rows = slots.map((s) => ({ id: s.id, property_id: s.propertyId, starts_at: s.startsAt, capacity: s.capacity }));
  const results = await db.batch(insertRows(db, 'appointment_slots', ['id', 'property_id', 'starts_at', 'capacity'], rows));
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}
