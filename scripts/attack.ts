/**
 * npm run attack -- --url http://127.0.0.1:8787
 *
 * Runs the abuse cases of docs/security.md against a running site (the demo agency of
 * `npm start`) the way an attacker would, over HTTP, and prints one line per attack:
 * what was sent, what came back, and whether the site held. It changes the demo's state
 * (a locked demo account, a booked slot, test leads): run it on local state only. The
 * feed and mail attacks run the operator's commands (crm:sync, mail list) against the same
 * local state (--persist-to when npm start was given one).
 * Exit code 1 when any attack got through.
 */
import { request as httpRequest } from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { command as readCommand } from './lib/cli.ts';
import { unattendedAttacks } from './lib/attacks/unattended.ts';
import { thirdPassAttacks } from './lib/attacks/third-pass.ts';
import { agencyAttacks } from './lib/attacks/agencies.ts';
import { MAIL_BUDGETS } from '../worker/mail/gate.ts';

const { values } = readCommand({
  name: 'npm run attack',
  usage: ['npm run attack -- [--url http://127.0.0.1:8787] [--only NAME,NAME] [--json] [--persist-to DIR] [--agency-inbox ADDRESS] [--crm-secret SECRET]'],
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8787' },
    json: { type: 'boolean', default: false },
    only: { type: 'string' },
    // The local state `npm start` uses (its default when not given), for the attacks that run the operator's commands.
    'persist-to': { type: 'string' },
    'agency-inbox': { type: 'string', default: 'leads@example.be' },
    // The client secret of a local SweepBright set-up (CRM_PASSWORD), for the replayed-webhook attack.
    'crm-secret': { type: 'string' },
  },
});
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

function form(path: string, fields: Record<string, string> | URLSearchParams | FormData, headers: Record<string, string> = {}): Promise<Response> {
  // A multipart body (files) sets its own Content-Type with its boundary.
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields).toString();
  const type: Record<string, string> = fields instanceof FormData ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' };
  return fetch(`${BASE}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...type, 'User-Agent': BROWSER, Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json', ...headers },
    body,
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
        title: 'mr',
        startDate: '2027-01-01',
        buyerA: 'A B',
        email: 'offer@example.be',
        phone: '0475123456',
        amount: '200000',
        amountWords: 'deux cent mille',
        signingDate,
        binding: 'yes',
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

const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];

/** One of the operator's commands against the site's local state. */
function command(script: string, args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('node', [script, '--local', ...persist, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface Logged {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What the site mailed `to`, from its delivery log (the queue delivers within seconds). */
async function mailsTo(to: string, atLeast = 1, waitMs = 20_000): Promise<Logged[]> {
  const until = Date.now() + waitMs;
  for (;;) {
    const run = command('scripts/mail.ts', ['list', '--to', to, '--json']);
    const found = run.status === 0 ? (JSON.parse(run.stdout) as Logged[]) : [];
    if (found.length >= atLeast || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function saleListTotal(): Promise<number> {
  const response = await fetch(`${BASE}/api/page?lang=fr&path=${encodeURIComponent('/fr/a-vendre/')}`);
  return response.ok ? (((await response.json()) as { list?: { total?: number } }).list?.total ?? -1) : -1;
}

async function brokenFeed(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-attack-'));
  const demo = JSON.parse(readFileSync('content/demo/properties.json', 'utf8')) as unknown[];
  const before = await saleListTotal();
  const exits: string[] = [];
  for (const [name, records] of [
    ['empty', []],
    ['tenth', demo.slice(0, Math.ceil(demo.length / 10))],
  ] as const) {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(records));
    exits.push(String(command('scripts/crm-sync.ts', ['--file', file, '--json', '--site', BASE]).status));
  }
  const after = await saleListTotal();
  report('crm:sync with an empty export, then a tenth of the list', `exit ${exits.join(' / ')}; sale list ${before} → ${after}`, exits.every((e) => e !== '0') && after === before && before > 0);
}

const stamp = Date.now().toString(36);
const person = (email: string) => ({ lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Eve', lastName: 'Stranger', email, phone: '0475123456' });
const rental = (email: string) => ({ ...person(email), adults: '2', income1: '2500', movingDate: '2027-03-01', propertyId: '2085' });
const accepted = (statuses: number[]) => statuses.filter((s) => s === 200 || s === 303).length;
/** The typed addresses one sending network may have the site mail a day. */
const PER_NETWORK = MAIL_BUDGETS.visitor.perSender ?? 0;

async function rentalFlood(): Promise<void> {
  const victim = `rental-${stamp}@example.be`;
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await form('/forms/rental-application', rental(victim), address(230 + i))).status);
  // Each application reaches the agency; the address they name gets at most its three mails a day.
  const mailed = (await mailsTo(victim, 4, 8000)).length;
  report('7 rental applications from 7 addresses naming one address', `${counts(statuses)}; ${mailed} mails to it`, mailed <= 3);
}

async function plusTags(): Promise<void> {
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) statuses.push((await form('/forms/rental-application', rental(`tagged-${stamp}+${i}@example.be`), address(240 + i))).status);
  let mailed = 0;
  for (let i = 1; i <= 6; i++) mailed += (await mailsTo(`tagged-${stamp}+${i}@example.be`, 1, i <= 3 ? 8000 : 0)).length;
  report('6 rental applications naming its +1 … +6 variants', `${counts(statuses)}; ${mailed} mails to the mailbox`, mailed <= 3);
}

async function ipv6Sender(): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i <= PER_NETWORK; i++) {
    const ip = `2001:db8:${stamp.length}:77::${i + 1}`;
    statuses.push(
      (
        await form(
          '/forms/send-to-friend',
          { lang: 'fr', back: '/fr/', name: 'A', email: 'a@example.be', friendEmail: `friend${i}-${stamp}@example.be`, propertyId: '2058' },
          { 'CF-Connecting-IP': ip, 'X-Forwarded-For': ip },
        )
      ).status,
    );
  }
  report(`${PER_NETWORK + 1} friend mails from as many addresses of one IPv6 /64`, counts(statuses), accepted(statuses) <= PER_NETWORK);
}

const OWNER = 'proprietaire@example.be';

async function starvedOwner(): Promise<void> {
  const resetsBefore = (await mailsTo(OWNER, 0, 0)).filter((m) => m.kind === 'owner-reset').length;
  for (let i = 0; i < 2; i++) await form('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email: OWNER }, address(250 + i));
  await form('/forms/send-to-friend', { lang: 'fr', back: '/fr/', name: 'Eve', email: 'eve@example.be', friendEmail: OWNER, propertyId: '2058' }, address(252));
  for (let i = 0; i < 10; i++) await form('/fr/login/', { username: 'clambert', password: `starve-${i}` }, { ...address(253), Accept: 'text/html' });
  const forgot = await form('/fr/login/mot-de-passe-oublie/', { username: 'clambert' }, { ...address(254), Accept: 'text/html' });
  const resets = (await mailsTo(OWNER, resetsBefore + 1)).filter((m) => m.kind === 'owner-reset');
  const logged = resets[0];
  report(
    "an owner's address spent by a stranger (2 newsletter sign-ups, a friend mail, a lock), then the owner's reset",
    `${forgot.status}, ${resets.length - resetsBefore} reset mail(s) sent`,
    resets.length > resetsBefore,
  );
  report(
    'the reset link in the delivery log',
    logged ? (/#token=\[redacted\]/.test(logged.text) ? 'kept with its token redacted' : 'kept with its token') : 'no reset mail',
    Boolean(logged && /#token=\[redacted\]/.test(logged.text)),
  );
}

async function headerInjection(): Promise<void> {
  const mark = `Inj${stamp}`;
  await form('/forms/site-contact', { ...person(`inj-${stamp}@example.be`), firstName: `A\r\nBcc: x@evil.example`, lastName: mark, message: 'Bonjour' }, address(255));
  const until = Date.now() + 20_000;
  let mail: Logged | undefined;
  while (!mail && Date.now() < until) {
    mail = (await mailsTo(values['agency-inbox'] ?? 'leads@example.be', 1, 0)).find((m) => m.subject.includes(mark));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  report('a contact form whose first name holds "\\r\\nBcc: x@evil.example"', mail ? JSON.stringify(mail.subject) : 'no agency mail', Boolean(mail && !/[\r\n]/.test(mail.subject)));
}

async function visitorWordsInAlert(): Promise<void> {
  const to = `alert-words-${stamp}@example.be`;
  await form('/forms/save-search', { lang: 'fr', back: '/fr/a-vendre/', email: to, consent: 'yes', list: '/fr/a-vendre/?city=www.evil.example' }, address(256));
  const [mail] = await mailsTo(to);
  const line = mail?.text.split(/\r?\n/).find((l) => l.startsWith('•')) ?? '';
  report(
    "a saved search for /fr/a-vendre/?city=www.evil.example, to someone else's address",
    mail ? `the mail reads ${JSON.stringify(line)}` : 'no mail',
    Boolean(mail && !/evil/.test(`${mail.subject}${mail.text}${mail.html}`)),
  );
}

async function ranges(): Promise<void> {
  const past = await fetch(`${BASE}/tiles/basemap.pmtiles`, { headers: { Range: 'bytes=99999999999-' } });
  await past.arrayBuffer();
  const reversed = await fetch(`${BASE}/tiles/basemap.pmtiles`, { headers: { Range: 'bytes=9-1' } });
  await reversed.arrayBuffer();
  report(
    'Range: bytes=99999999999- / bytes=9-1 on the basemap archive',
    `${past.status} (${past.headers.get('Content-Range') ?? 'no Content-Range'}) / ${reversed.status}`,
    past.status === 416 && /^bytes \*\/\d+$/.test(past.headers.get('Content-Range') ?? '') && reversed.status !== 206,
  );
}

async function junkInCache(): Promise<void> {
  const served: string[] = [];
  for (const url of [`/fr/a-vendre/?city=zz${stamp}`, `/fr/nope-${stamp}/`]) {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${BASE}${url}`, { headers: { 'User-Agent': BROWSER } });
      await response.arrayBuffer();
      if (i === 1) served.push(/desc="(\w+)"/.exec(response.headers.get('Server-Timing') ?? '')?.[1] ?? '?');
    }
  }
  report(
    '/fr/a-vendre/?city=<unknown town> and /fr/<made-up path>/, each asked twice',
    `second answers: ${served.join(' / ')}`,
    served.every((s) => s === 'rendered'),
  );
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
  rentalFlood,
  plusTags,
  ipv6Sender,
  starvedOwner,
  headerInjection,
  visitorWordsInAlert,
  ranges,
  junkInCache,
  ...unattendedAttacks({ base: BASE, stamp, form, address, command, mailsTo, report }, values['agency-inbox'] ?? 'leads@example.be', values['crm-secret']),
  ...thirdPassAttacks({ base: BASE, stamp, form, address, command, mailsTo, report }, values['agency-inbox'] ?? 'leads@example.be'),
  ...agencyAttacks({ base: BASE, stamp, form, address, command, mailsTo, report }),
  // Last: where the guard is missing, it withdraws the listings the other attacks use.
  brokenFeed,
};
for (const [name, attack] of Object.entries(attacks)) if (!values.only || values.only.split(',').includes(name)) await attack();

if (values.json) console.log(JSON.stringify(outcomes, null, 2));
const failed = outcomes.filter((o) => !o.held).length;
console.log(`\n${outcomes.length - failed} held, ${failed} got through`);
process.exit(failed > 0 ? 1 : 0);
