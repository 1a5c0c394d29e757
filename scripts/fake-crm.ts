/**
 * npm run fake:crm -- [--port 8790]
 * A fake Omnicasa on the loopback, for trying the CRM both ways with `npm start` and no
 * account: it lists the demo agency's listings (GetPropertyList) and prints every request
 * the site sends it (ContactOnMe, ContactOnMeProject, DemandRegister2) with the visitor's
 * fields. Its agents' agenda offers visit moments for the first six listings
 * (GetAppointmentObject); a booking takes a place in it. The proprietor
 * proprietaire@example.be (password Omnicasa-2026) owns the first two, with history rows and
 * media figures for the owner portal. Answers as the tests' fake does (scripts/lib/fakes/omnicasa.ts); credentials
 * agency / secret. Then, in another terminal:
 *
 *   CRM_ADAPTER=omnicasa CRM_FEED_URL=http://127.0.0.1:8790 CRM_USER=agency CRM_PASSWORD=secret npm start
 *
 * With `--sweepbright`, a fake SweepBright instead (client agency / secret) that announces its
 * two estates to the site (`--site`, the `npm start` address) by signed webhook once the site
 * answers, and prints every call the site makes to it:
 *
 *   CRM_ADAPTER=sweepbright CRM_FEED_URL=http://127.0.0.1:8790 CRM_USER=agency CRM_PASSWORD=secret npm start
 *   npm run fake:crm -- --sweepbright
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { command } from './lib/cli.ts';
import { fakeOmnicasa } from './lib/fakes/omnicasa.ts';
import { serveSweepBright } from './lib/fakes/serve-sweepbright.ts';
import { forTerminal } from './lib/terminal.ts';

const { values } = command({
  name: 'npm run fake:crm',
  usage: ['npm run fake:crm -- [--port 8790] [--sweepbright] [--site http://127.0.0.1:8787]'],
  options: {
    port: { type: 'string', default: '8790' },
    // A fake SweepBright instead: it serves two estates and announces them to the site by signed webhook.
    sweepbright: { type: 'boolean', default: false },
    site: { type: 'string', default: 'http://127.0.0.1:8787' },
  },
});
if (values.sweepbright) {
  await serveSweepBright(Number(values.port), values.site ?? 'http://127.0.0.1:8787');
  await new Promise(() => undefined);
}
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

// One proprietor of the first two listings, with what the agents logged and the portals counted.
const OWNER = 'proprietaire@example.be';
fake.owners.push({ Email: OWNER, Password: 'Omnicasa-2026', FirstName: 'Claire', Name: 'Proprio', PersonID: 8801 });
const ownedIds = listings.slice(0, 2).map((l) => Number(l.ID));
fake.related[OWNER] = ownedIds;
for (const id of ownedIds) {
  fake.histories[id] = [
    {
      StartDate: '2026-11-18T10:00:00',
      TypeName: 'Visite',
      PersonName: 'Mme Renard',
      Subject: 'Première visite',
      Comment: 'Intéressée, revient avec un architecte',
      StatusName: 'Fait',
      SourceName: 'Immoweb',
    },
    { StartDate: '2026-11-22T15:30:00', TypeName: 'Appel', PersonName: 'M. Leclercq', Subject: 'Question sur le PEB', Comment: '', StatusName: 'Fait', SourceName: 'Site' },
  ];
  fake.media[id] = [
    { MediaName: 'Immoweb', Date: '2026-10-01T00:00:00', NumberOfViews: 940, NumberOfClicks: 61, NumberOfContacts: 4 },
    { MediaName: 'Zimmo', Date: '2026-10-01T00:00:00', NumberOfViews: 312, NumberOfClicks: 20, NumberOfContacts: 1 },
  ];
}

createServer(async (incoming, outgoing) => {
  const response = await fake.app.fetch(new Request(`http://127.0.0.1${incoming.url ?? '/'}`, { method: incoming.method ?? 'GET' }));
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
  for (const call of fake.calls.slice(seen)) console.log(forTerminal(`${new Date().toISOString()}  ${call.method}  ${JSON.stringify(call.params)}`));
  seen = fake.calls.length;
}).listen(Number(values.port), '127.0.0.1', () =>
  console.log(`fake Omnicasa on http://127.0.0.1:${values.port} (agency / secret), ${listings.length} listings, ${fake.appointments.length} visit moments`),
);
