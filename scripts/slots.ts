/**
 * npm run slots -- --local|--remote list [--property ID]
 * npm run slots -- --local|--remote add --property ID --at 2026-12-01T10:00 [--places 1] [--agent "Marie Dubois"]
 * npm run slots -- --local|--remote remove SLOT_ID
 * The visit slots an agency without a CRM agenda or a published calendar offers: an hour
 * (Brussels time) for visits of one listing, with its places. A removed hour that a visitor
 * booked is closed instead, and the visitor keeps the visit. Slots read from the agency's
 * calendar are listed too, marked `ics`; the calendar is where they change.
 */
import { command, run as runCommand, WHERE_OPTIONS } from './lib/cli.ts';
import { withOperatorDb } from './lib/operator-db.ts';
import { addSlot, listSlots, removeSlot, type ListedSlot } from '../worker/visits/agenda.ts';
import { forTerminal } from './lib/terminal.ts';
import { brusselsLocal } from '../domain/rules/brussels-local.ts';

/** "2026-12-01T10:00" in Brussels as the UTC instant; null for anything else, or a time not on the hour. */
export function brusselsHour(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:00$/.test(local) ? brusselsLocal(local) : null;
}

export function slotLine(slot: ListedSlot): string {
  const when = new Intl.DateTimeFormat('fr-BE', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(slot.starts_at));
  const state = slot.closed ? 'closed' : `${slot.capacity - slot.booked} of ${slot.capacity} free`;
  return `${forTerminal(slot.id).padEnd(22)} ${String(slot.property_id).padStart(6)}  ${when.padEnd(34)} ${state.padEnd(12)} ${slot.source}`;
}

const SLOTS_USAGE = [
  'npm run slots -- --local|--remote [--persist-to DIR] list [--property ID]',
  'npm run slots -- --local|--remote [--persist-to DIR] add --property ID --at YYYY-MM-DDTHH:00 [--places N] [--agent NAME]',
  'npm run slots -- --local|--remote [--persist-to DIR] remove SLOT_ID',
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, fail } = command({
    name: 'npm run slots',
    usage: SLOTS_USAGE,
    positionals: true,
    options: {
      ...WHERE_OPTIONS,
      property: { type: 'string' },
      at: { type: 'string' },
      places: { type: 'string', default: '1' },
      agent: { type: 'string' },
    },
  });
  const [action, target] = positionals;
  const property = values.property === undefined ? null : Number(values.property);
  const places = Number(values.places);
  let startsAt: string | null = null;
  try {
    startsAt = values.at ? brusselsHour(values.at) : null;
  } catch {
    startsAt = null;
  }
  const problem =
    values.local === values.remote
      ? 'Say --local or --remote.'
      : property !== null && !(Number.isInteger(property) && property > 0)
        ? '--property takes a listing id.'
        : action === 'add' && (property === null || !startsAt)
          ? '--at takes an hour in Brussels time, as 2026-12-01T10:00, and --property a listing id.'
          : action === 'add' && !(Number.isInteger(places) && places >= 1 && places <= 50)
            ? '--places takes 1 to 50.'
            : action === 'remove' && !target
              ? 'remove takes a slot id, as npm run slots -- list shows it.'
              : !['list', 'add', 'remove'].includes(action ?? '')
                ? `say what to do: list, add or remove${action ? ` (not ${action})` : ''}`
                : null;
  if (problem) fail(problem);
  const run = async (db: D1Database) => {
    if (action === 'add') console.log(`${await addSlot(db, { propertyId: property as number, startsAt: startsAt as string, places, agent: values.agent ?? null })}: offered`);
    else if (action === 'remove') {
      const result = await removeSlot(db, target as string);
      console.log(result === 'removed' ? `${target}: removed` : result === 'closed' ? `${target}: closed — its booked visits stay, no new booking` : `No slot ${target}.`);
      if (result === 'unknown') process.exitCode = 1;
    } else {
      const slots = await listSlots(db, new Date(), property);
      for (const slot of slots) console.log(slotLine(slot));
      if (slots.length === 0) console.log('No slot to come.');
    }
  };
  await runCommand('npm run slots', () => withOperatorDb(Boolean(values.remote), run, values['persist-to']));
}
