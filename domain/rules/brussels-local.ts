/**
 * A wall-clock time in Brussels ("2026-12-01T10:30", as an agent types it or a CRM writes
 * it without a zone) as the UTC instant it names, across the two clock changes: the hour
 * that does not exist in spring is refused, the one that happens twice in autumn is the first.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

function brusselsOffset(at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Brussels',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - Math.floor(at / 60_000) * 60_000;
}

/** The UTC ISO instant of a Brussels wall-clock time, or null for anything else or a time that never happens. */
export function brusselsLocal(local: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [y, m, d, h, min, s] = match.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, m - 1, d, h, min, s);
  const read = new Date(wall);
  // 30 February or 25:00 are no time at all, not the next day.
  if (read.getUTCDate() !== d || read.getUTCHours() !== h || read.getUTCMonth() !== m - 1 || read.getUTCMinutes() !== min) return null;
  // Brussels is UTC+2 in summer and UTC+1 in winter: the earlier reading that the clock agrees with.
  for (const offset of [2 * 3_600_000, 3_600_000]) if (brusselsOffset(wall - offset) === offset) return new Date(wall - offset).toISOString();
  return null;
}
