/** The demo agency's visit slots, written by `npm run db:seed` (scripts/seed-db.ts). */

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
