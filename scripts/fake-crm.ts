/**
 * npm run fake:crm -- [--port 8790]
 * A fake Omnicasa on the loopback, for trying the CRM both ways with `npm start` and no
 * account: it lists the demo agency's listings (GetPropertyList) and prints every request
 * the site sends it (ContactOnMe, ContactOnMeProject, DemandRegister2) with the visitor's
 * fields. Its agents' agenda offers visit moments for the first six listings
 * (GetAppointmentObject); a booking takes a place in it. Answers as the tests' fake does (scripts/lib/fakes/omnicasa.ts); credentials
 * agency / secret. Then, in another terminal:
 *
 *   CRM_ADAPTER=omnicasa CRM_FEED_URL=http://127.0.0.1:8790 CRM_USER=agency CRM_PASSWORD=secret npm start
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fakeOmnicasa } from './lib/fakes/omnicasa.ts';
import { forTerminal } from './lib/terminal.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8790' } } });
const listings: Record<string, unknown>[] = (JSON.parse(readFileSync('content/demo/properties.json', 'utf8')) as Record<string, unknown>[]).map((p) => ({
  ...p,
  SubStatus: 1,
  ModifyDate: '2026-11-01T00:00:00Z',
}));
const fake = fakeOmnicasa({ user: 'agency', password: 'secret' }, listings);
// The agents' visit moments: the first listings, the next five working days at 10:00 and 14:00, two places each.
let appointment = 9000;
for (const listing of listings.slice(0, 6)) {
  for (let day = 1, days = 0; days < 5; day++) {
    const date = new Date(Date.now() + day * 86_400_000);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    days++;
    for (const hour of ['10', '14']) {
      fake.appointments.push({ ID: ++appointment, ObjectID: Number(listing.ID), StartDate: `${date.toISOString().slice(0, 10)}T${hour}:00:00`, MaxNumberOfPersons: 2, NumberOfPersons: 0 });
    }
  }
}
let seen = 0;

createServer(async (incoming, outgoing) => {
  const response = await fake.app.fetch(new Request(`http://127.0.0.1${incoming.url ?? '/'}`, { method: incoming.method ?? 'GET' }));
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
  for (const call of fake.calls.slice(seen)) console.log(forTerminal(`${new Date().toISOString()}  ${call.method}  ${JSON.stringify(call.params)}`));
  seen = fake.calls.length;
}).listen(Number(values.port), '127.0.0.1', () =>
  console.log(`fake Omnicasa on http://127.0.0.1:${values.port} (agency / secret), ${listings.length} listings, ${fake.appointments.length} visit moments`),
);
