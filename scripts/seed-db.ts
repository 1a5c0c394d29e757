/**
 * Demo data the database needs to be tried as a visitor would: bookable visit slots for
 * the available Belgian properties over the next ten working days. Idempotent.
 */
import { demoSlots } from './lib/demo-slots.ts';

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
  let added = 0;
  for (let i = 0; i < slots.length; i += 50) {
    const statements = slots
      .slice(i, i + 50)
      .map((s) => db.prepare('INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, ?, ?, ?)').bind(s.id, s.propertyId, s.startsAt, s.capacity));
    const results = await db.batch(statements);
    added += results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  }
  return added;
}
