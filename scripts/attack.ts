/**
 * npm run attack -- --url http://127.0.0.1:8787
 *
 * Runs the abuse cases of docs/security.md against a running site (the demo agency of
 * `npm start`) the way an attacker would, over HTTP, and prints one line per attack:
 * what was sent, what came back, and whether the site held. It changes the demo's state
 * (a locked demo account, a booked slot, test leads): run it on local state only.
 * Exit code 1 when any attack got through.
 */
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:8787' }, json: { type: 'boolean', default: false }, only: { type: 'string' } } });
const BASE = (values.url ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
const ORIGIN = new URL(BASE).origin;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

interface Outcome {
  attack: string;
  result: string;
  held: boolean;
}

const outcomes: Outcome[] = [];
function report(attack: string, result: string, held: boolean): void {
  outcomes.push({ attack, result, held });
  if (!values.json) console.log(`${held ? 'held ' : 'FAILED'}  ${attack}: ${result}`);
}

function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${BASE}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': BROWSER, Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function address(i: number): Record<string, string> {
  return { 'CF-Connecting-IP': `198.51.100.${i % 250}`, 'X-Forwarded-For': `198.51.100.${i % 250}` };
}

const counts = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');

async function parallelGuessing(): Promise<void> {
  const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => form('/fr/login/', { username: 'clambert', password: `guess-${i}` }, { ...address(i), Accept: 'text/html' })));
  const statuses = answers.map((r) => r.status);
  const judged = statuses.filter((s) => s === 401).length;
  report('24 wrong logins for one account at once, 24 addresses', `${counts(statuses)} (${judged} judged)`, judged <= 10);
}

async function splitIdentifiers(): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await form('/fr/login/', { username: 'clambert', password: `split-${i}` }, { ...address(100 + i), Accept: 'text/html' })).status);
  for (let i = 0; i < 5; i++) statuses.push((await form('/fr/login/', { username: 'proprietaire@example.be', password: `split-e${i}` }, { ...address(110 + i), Accept: 'text/html' })).status);
  const right = await form('/fr/login/', { username: 'clambert', password: 'Meuse-Ardenne-2026' }, { ...address(120), Accept: 'text/html' });
  report('6 wrong with the username, 5 with the e-mail, then the right password', `${counts(statuses)}, then ${right.status}`, right.status === 429);
}

/** fetch() will not send a Host of our choosing; a raw HTTP request does, as a proxy passing it through would. */
function withHost(path: string, host: string, method: string, headers: Record<string, string>, body = ''): Promise<number> {
  const url = new URL(`${BASE}${path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers: { ...headers, Host: host, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function forgedHostReset(): Promise<void> {
  const status = await withHost(
    '/fr/login/mot-de-passe-oublie/',
    'attacker.example',
    'POST',
    { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://attacker.example', 'Sec-Fetch-Site': 'same-origin', 'User-Agent': BROWSER, ...address(130) },
    'username=proprietaire%40example.be',
  );
  report('password reset asked with Host: attacker.example (a link to that host would be mailed)', `${status}`, status === 421);
}

async function foreignHostPage(): Promise<void> {
  const status = await withHost('/fr/', 'attacker.example', 'GET', { 'User-Agent': BROWSER });
  report('a page asked for Host: attacker.example', `${status}`, status === 421);
}

async function openRelay(): Promise<void> {
  const base = { lang: 'fr', back: '/fr/', name: 'Spammer', email: 'spam@example.be', friendEmail: 'victim@example.be', message: 'Buy now http://spam.example' };
  const unknown = await form('/forms/send-to-friend', { ...base, propertyId: '999999' }, address(140));
  const none = await form('/forms/send-to-friend', base, address(141));
  report('send-to-friend with property 999999 / with no property', `${unknown.status} / ${none.status}`, unknown.status === 422 && none.status === 422);
}

async function recipientFlood(): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    statuses.push(
      (await form('/forms/send-to-friend', { lang: 'fr', back: '/fr/', name: 'A', email: `sender${i}@example.be`, friendEmail: 'flooded@example.be', propertyId: '2058' }, address(150 + i))).status,
    );
  }
  report('5 send-to-friend mails to one recipient from 5 addresses', counts(statuses), statuses.filter((s) => s === 200 || s === 303).length <= 3);
}

async function foreignSlot(): Promise<void> {
  const slots = (await (await fetch(`${BASE}/api/slots?property=2071`)).json()) as { slots: { id: string }[] };
  const slot = slots.slots[0]?.id;
  if (!slot) return report('a slot of property 2071 booked on property 2058', 'no slot offered for 2071', false);
  const response = await form(
    '/forms/contact-appointment',
    { lang: 'fr', back: '/fr/', title: 'ms', firstName: 'A', lastName: 'B', email: 'slot@example.be', phone: '0475123456', propertyId: '2058', slotId: slot },
    address(160),
  );
  report('a slot of property 2071 booked on property 2058', `${response.status}`, response.status === 422);
}

async function impossibleDates(): Promise<void> {
  const offer = (signingDate: string) =>
    form(
      '/forms/purchase-offer',
      {
        lang: 'fr',
        back: '/fr/',
        buyerA: 'A B',
        email: 'offer@example.be',
        phone: '0475123456',
        amount: '200000',
        amountWords: 'deux cent mille',
        signingDate,
        validUntil: '2027-12-31',
        place: 'Namur',
        propertyId: '2058',
      },
      address(170),
    );
  const a = await offer('2027-02-30');
  const b = await offer('2027-00-10');
  report('purchase offer signed on 2027-02-30 / 2027-00-10', `${a.status} / ${b.status}`, a.status === 422 && b.status === 422);
}

async function resubscribe(): Promise<void> {
  const email = `reader${Date.now()}@example.be`;
  const first = await form('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email }, address(180));
  const answer = first.status === 200 ? ((await first.json()) as { redirect?: string }) : {};
  const thanks = answer.redirect ? await (await fetch(`${BASE}${answer.redirect}`)).text() : '';
  const asksToConfirm = /confirmer votre inscription/.test(thanks);
  report('newsletter sign-up: subscribed before the address confirmed', `${first.status}, the answer ${asksToConfirm ? 'asks to confirm from the mail' : 'says "subscribed"'}`, asksToConfirm);
}

async function documentProbe(): Promise<void> {
  const ask = (propertyId: string, email: string) => form('/forms/document-request', { lang: 'fr', back: '/fr/', name: 'A', email, propertyId }, address(190 + Number(propertyId.length)));
  const known = await (await ask('2058', 'docs@example.be')).text();
  const again = await (await ask('2058', 'docs@example.be')).text();
  const unknown = await (await ask('999999', 'docs@example.be')).text();
  report('document requests: known, asked again, unknown property', `${known} | ${again} | ${unknown}`, known === again && again === unknown);
}

async function dictionaryFlood(): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 140; i++) statuses.push((await fetch(`${BASE}/api/dictionary/v${Date.now()}${i}/fr`, { headers: address(200) })).status);
  report('140 dictionary requests for made-up versions from one address', counts(statuses), statuses.includes(429));
}

async function queryFlood(): Promise<void> {
  const timings: string[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${BASE}/fr/a-vendre/?junk=${Date.now()}-${i}`, { headers: { 'User-Agent': BROWSER } });
    await response.arrayBuffer();
    timings.push(response.headers.get('Server-Timing') ?? '');
  }
  const second = await fetch(`${BASE}/fr/a-vendre/?junk=again`, { headers: { 'User-Agent': BROWSER } });
  await second.arrayBuffer();
  const third = await fetch(`${BASE}/fr/a-vendre/?junk=again`, { headers: { 'User-Agent': BROWSER } });
  await third.arrayBuffer();
  const kept = /cached/.test(third.headers.get('Server-Timing') ?? '');
  report('a junk query string is kept in the page cache', kept ? 'kept (the second request came from the cache)' : 'not kept', !kept);
}

/** The demo owner's property 2058 as the owner portal reports it: its path and its visits today. */
async function portal2058(cookie: string): Promise<{ path: string; today: number }> {
  const data = (await (await fetch(`${BASE}/api/owner/properties/2058`, { headers: { Cookie: cookie } })).json()) as { properties?: { id: number; path: string; visits?: { today?: number } }[] };
  const property = data.properties?.find((p) => p.id === 2058);
  return { path: property?.path ?? '', today: property?.visits?.today ?? -1 };
}

async function visitInflation(): Promise<void> {
  const attack = 'one visitor repeats a property page with 5 user agents';
  const signedIn = await form('/fr/login/', { username: 'clambert', password: 'Meuse-Ardenne-2026' }, { ...address(210), Accept: 'text/html' });
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('__Host-owner=')) return report(attack, `could not log in as the demo owner (${signedIn.status})`, false);
  const { path, today: before } = await portal2058(cookie);
  for (let i = 0; i < 5; i++) await (await fetch(`${BASE}${path}`, { headers: { 'User-Agent': `${BROWSER} r${Date.now()}-${i}`, ...address(220) } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = (await portal2058(cookie)).today;
  report(attack, `visits today ${before} → ${after}`, after - before <= 1);
}

// Both login attacks aim at the demo account, and the first one locks it for 15 minutes:
// `--only parallelGuessing` (or splitIdentifiers) runs one alone on a fresh start.
const attacks: Record<string, () => Promise<void>> = {
  visitInflation,
  splitIdentifiers,
  parallelGuessing,
  forgedHostReset,
  foreignHostPage,
  openRelay,
  recipientFlood,
  foreignSlot,
  impossibleDates,
  resubscribe,
  documentProbe,
  dictionaryFlood,
  queryFlood,
};
for (const [name, attack] of Object.entries(attacks)) if (!values.only || values.only.split(',').includes(name)) await attack();

if (values.json) console.log(JSON.stringify(outcomes, null, 2));
const failed = outcomes.filter((o) => !o.held).length;
console.log(`\n${outcomes.length - failed} held, ${failed} got through`);
process.exit(failed > 0 ? 1 : 0);
