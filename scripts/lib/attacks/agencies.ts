/**
 * The attacks of many agencies on one deployment, run against `npm start` from the second
 * demo agency's host (agence-b.localhost) at the home agency's data, and from a host no
 * agency has. Node's resolver knows no `*.localhost`, so each request names its Host.
 */
import { request } from 'node:http';
import type { AttackKit } from './unattended.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the local site as if it were for `host`. */
function ask(base: string, host: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: { Host: `${host}:${url.port}`, 'User-Agent': BROWSER, ...init.headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end(init.body);
  });
}

function post(kit: AttackKit, host: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  const port = new URL(kit.base).port;
  return ask(kit.base, host, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://${host}:${port}`, 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const HOME = '127.0.0.1';
const B = 'agence-b.localhost';

async function listingFromAnotherAgency(kit: AttackKit): Promise<void> {
  const list = await ask(kit.base, HOME, '/fr/a-vendre/');
  const path = /href="(\/fr\/[^"]*-2041\/)"/.exec(list.body)?.[1] ?? /href="(\/fr\/a-vendre\/[^"?]+\/)"/.exec(list.body)?.[1] ?? '';
  const onB = await ask(kit.base, B, path);
  kit.report(`the home agency's listing ${path} asked on agency B's host`, `${onB.status}`, path !== '' && (onB.status === 404 || onB.status === 410) && !onB.body.includes('Meuse &amp; Ardenne'));
}

async function strangerHost(kit: AttackKit): Promise<void> {
  const answers = await Promise.all(['evil.localhost', 'agence-b.localhost.evil.test', 'xagence-b.localhost'].map((host) => ask(kit.base, host, '/fr/')));
  kit.report(
    '/fr/ asked for three hosts no agency has',
    answers.map((a) => a.status).join(' / '),
    answers.every((a) => a.status === 404 && a.body === 'Not found'),
  );
}

async function leadAcrossAgencies(kit: AttackKit): Promise<void> {
  const email = `cross.${kit.stamp}@example.be`;
  const sent = await post(
    kit,
    B,
    '/forms/site-contact',
    { lang: 'fr', back: '/fr/contact/', title: 'ms', firstName: 'Cross', lastName: 'Agency', email, phone: '0475 12 34 56', message: 'Bonjour' },
    { 'CF-Connecting-IP': '203.0.113.77' },
  );
  const home = kit.command('scripts/leads.ts', ['--csv']);
  const own = kit.command('scripts/leads.ts', ['--csv', '--agency', 'agence-b']);
  kit.report(
    "a lead sent on agency B's site, then npm run leads for each agency",
    `post ${sent.status}; home lists it: ${home.stdout.includes(email)}; agency B lists it: ${own.stdout.includes(email)}`,
    sent.status === 303 && !home.stdout.includes(email) && own.stdout.includes(email),
  );
}

async function sessionAcrossAgencies(kit: AttackKit): Promise<void> {
  const login = await post(kit, HOME, '/fr/login/', { username: 'proprietaire@example.be', password: 'Meuse-Ardenne-2026' }, { 'CF-Connecting-IP': '203.0.113.78' });
  const setCookie = login.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.startsWith('__Host-owner='))?.split(';')[0] ?? '';
  const onB = await ask(kit.base, B, '/fr/login/portail/', { headers: { Cookie: cookie } });
  kit.report(
    "the home agency's owner session sent to agency B's portal",
    `login ${login.status}${cookie ? ' with a session' : ' without a session'}; B answered ${onB.status}`,
    cookie !== '' && onB.status !== 200,
  );
}

async function etagAcrossAgencies(kit: AttackKit): Promise<void> {
  const home = await ask(kit.base, HOME, '/fr/');
  const etag = String(home.headers.etag ?? '');
  const onB = await ask(kit.base, B, '/fr/', { headers: { 'If-None-Match': etag } });
  kit.report("the home agency's page ETag sent to agency B's host", `${onB.status}`, etag !== '' && onB.status === 200 && onB.body.includes('Ourthe &amp; Famenne'));
}

export function agencyAttacks(kit: AttackKit): Record<string, () => Promise<void>> {
  return {
    listingFromAnotherAgency: () => listingFromAnotherAgency(kit),
    strangerHost: () => strangerHost(kit),
    leadAcrossAgencies: () => leadAcrossAgencies(kit),
    sessionAcrossAgencies: () => sessionAcrossAgencies(kit),
    etagAcrossAgencies: () => etagAcrossAgencies(kit),
  };
}
