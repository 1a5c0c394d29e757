/**
 * The attacks of running unattended, third pass: CRM exports garbled in shapes no single
 * factor describes, a CRM that keeps growing, a stranger probing the privacy page for a
 * client's address, erasure under another spelling, account numbers and hosts written
 * another way, uploads that hide their names behind other filters and prefixes, a formula
 * after a line break, and the page cache filled with every order of one search. Each runs
 * against `npm start` as an attacker (or a failing CRM) would.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { storedZip } from '../../../test/fixtures/files.ts';
import { demo, priceOf, syncWith, type AttackKit } from './unattended.ts';

type Row = Record<string, unknown>;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function garbledExports(kit: AttackKit): Promise<void> {
  const before = await priceOf(kit, 2041);
  const records = demo();
  const prices = records.map((r) => r.Price);
  const shapes: [string, Row[]][] = [
    ['one price for every sale listing', records.map((r) => (r.Goal === 0 ? { ...r, Price: 250_000 } : r))],
    ["each listing with the next one's price", records.map((r, i) => ({ ...r, Price: prices[(i + 1) % prices.length] }))],
    ['every price down by a different 4–40 %', records.map((r, i) => ({ ...r, Price: typeof r.Price === 'number' ? Math.round(r.Price * (0.96 - (i % 10) * 0.04)) : r.Price }))],
    ['living areas in square feet', records.map((r) => ({ ...r, SurfaceLiving: typeof r.SurfaceLiving === 'number' ? Math.round(r.SurfaceLiving * 10.764) : r.SurfaceLiving }))],
    ['every listing at the office postcode', records.map((r) => ({ ...r, Zip: '5000', City: 'Namur' }))],
  ];
  const exits = shapes.map(([name, rows]) => syncWith(kit, name.replace(/\W+/g, '-'), rows));
  const after = await priceOf(kit, 2041);
  kit.report(`crm:sync with ${shapes.map(([name]) => name).join('; ')}`, `exit ${exits.join(' / ')}; 2041 at ${before} → ${after}`, exits.every((e) => e === 3) && before === after);
}

async function growingCrm(kit: AttackKit): Promise<void> {
  // An Omnicasa that answers every page with 100 new listings of 120 KB each, and never a count.
  const filler = 'x'.repeat(120_000);
  let pages = 0;
  const server = createServer((_req, res) => {
    pages += 1;
    const items = Array.from({ length: 100 }, (_, i) => ({ ...(demo()[0] as Row), ID: 100_000 + pages * 1000 + i, RecordFile: `G-${pages}-${i}`, SubStatus: 1, Note: filler }));
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ GetPropertyListJsonResult: { Success: true, Value: { Items: items } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const child = spawn('/usr/bin/time', ['-f', 'peak-kb %M', 'node', 'scripts/crm-sync.ts', '--local', '--pull', '--json', '--site', kit.base], {
    env: { ...process.env, CRM_ADAPTER: 'omnicasa', CRM_FEED_URL: `http://127.0.0.1:${port}/api`, CRM_USER: 'agency', CRM_PASSWORD: 'secret' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = await Promise.race([new Promise<number | null>((resolve) => child.on('close', resolve)), new Promise<'killed'>((resolve) => setTimeout(() => resolve('killed'), 120_000))]);
  if (exit === 'killed') child.kill('SIGKILL');
  server.close();
  const peakMb = Math.round(Number(/peak-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024);
  kit.report(
    'crm:sync --pull from an Omnicasa that keeps sending 12 MB pages of new listings',
    `exit ${exit} after ${pages} pages, peak ${peakMb} MB`,
    exit === 1 && pages <= 5 && peakMb > 0 && peakMb < 400,
  );
}

/** A privacy-page request from one host of one IPv6 /64 network. */
function askLink(kit: AttackKit, email: string, host: number): Promise<Response> {
  const ip = `2001:db8:53:1::${host.toString(16)}`;
  return kit.form('/privacy/', { lang: 'fr', email }, { 'CF-Connecting-IP': ip, 'X-Forwarded-For': ip, Accept: 'text/html' });
}

async function privacyBudgetProbe(kit: AttackKit): Promise<void> {
  // The attacker's own client address: known to the site, so a link to it tells whether the budget was spent.
  const known = `probe-${kit.stamp}@example.be`;
  await kit.form('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email: known }, kit.address(230));
  for (let i = 0; i < 10; i++) await askLink(kit, `stranger-${kit.stamp}-${i}@example.be`, i + 1);
  await askLink(kit, known, 11);
  const links = (await kit.mailsTo(known, 2, 8_000)).filter((m) => m.kind === 'privacy-link');
  kit.report('10 unknown addresses asked from one network, then the attacker’s own known address', `${links.length} link(s) mailed to the known one`, links.length === 0);
}

async function privacyTiming(kit: AttackKit): Promise<void> {
  const known = `timing-${kit.stamp}@example.be`;
  await kit.form('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email: known }, kit.address(231));
  const time = async (email: string, i: number) => {
    const started = performance.now();
    await (await askLink(kit, email, 0x100 + i)).arrayBuffer();
    return performance.now() - started;
  };
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < 30; i++) {
    k.push(await time(known, 2 * i));
    u.push(await time(`nobody-${kit.stamp}-${i}@example.be`, 2 * i + 1));
  }
  const [mk, mu] = [median(k), median(u)];
  kit.report('/privacy/ for a known and an unknown address, 30 each, alternating', `medians ${mk.toFixed(1)} vs ${mu.toFixed(1)} ms`, Math.abs(mk - mu) < Math.max(2, 0.15 * mu));
}

async function erasureUnderAnotherSpelling(kit: AttackKit, inbox: string): Promise<void> {
  const user = `erase${kit.stamp}`;
  const phone = `04759${kit.stamp.slice(-5).padStart(5, '0')}`;
  await kit.form(
    '/forms/site-contact',
    { lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Ann', lastName: 'Erase', email: `${user.slice(0, 3)}.${user.slice(3)}+x@googlemail.com`, phone, message: 'Bonjour' },
    kit.address(232),
  );
  const copies = (await kit.mailsTo(inbox, 1, 15_000)).filter((m) => m.text.includes(phone));
  const erased = kit.command('scripts/privacy.ts', ['erase', '--email', `${user}@gmail.com`]);
  const left = kit.command('scripts/mail.ts', ['list', '--json']).stdout.includes(phone);
  const found = kit.command('scripts/privacy.ts', ['find', '--email', `${user}@gmail.com`]).stdout;
  kit.report(
    "npm run privacy -- erase under the Gmail spelling without dots, of a request sent as 'a.b+x@googlemail.com'",
    `agency copies before ${copies.length}; erase exit ${erased.status}; copies left in the log: ${left ? 'yes' : 'none'}; ${/: 0 requests .* 0 mails logged/.test(found) ? 'nothing found after' : `still found: ${found.trim()}`}`,
    erased.status === 0 && !left && copies.length > 0 && /: 0 requests .* 0 mails logged/.test(found),
  );
}

async function accountNumberShapes(kit: AttackKit): Promise<void> {
  const shapes = ['BE71 - 0961 - 2345 - 6769', 'BE71/0961/2345/6769', 'BE71_0961_2345_6769', 'BE71\u00a00961\u00a02345\u00a06769', 'BE71\n0961\n2345\n6769', 'ＢＥ７１ ０９６１ ２３４５ ６７６９'];
  const leaks: string[] = [];
  for (const [i, iban] of shapes.entries()) {
    const to = `victim-${kit.stamp}-${i}@example.be`;
    await kit.form(
      '/forms/send-to-friend',
      { lang: 'fr', back: '/fr/', name: 'Eve', email: `eve-${kit.stamp}-${i}@example.be`, friendEmail: to, message: `Versez sur ${iban} demain, voir pay.evil.com/iban`, propertyId: '2058' },
      kit.address(233 + i),
    );
    const [mail] = await kit.mailsTo(to);
    const text = mail?.text ?? '';
    if (!mail) leaks.push(`${i}: no mail`);
    else if (/6769|６７６９/.test(text)) leaks.push(`${i}: account number`);
    else if (!/demain/.test(text)) leaks.push(`${i}: the next word swallowed`);
    else if (/pay\.evil|evil\.com/.test(text)) leaks.push(`${i}: live host`);
  }
  kit.report(
    'friend notes with an IBAN written with hyphens, slashes, underscores, no-break spaces, one group per line, full-width digits, and a three-label host',
    leaks.length ? leaks.join('; ') : 'all hidden, next word kept, host inert',
    leaks.length === 0,
  );
}

/** A PDF whose OpenAction JavaScript sits in an object stream encoded `filter`. */
function pdfHiding(encoded: Uint8Array, filter: string): Uint8Array {
  const enc = (s: string) => new TextEncoder().encode(s);
  const head = enc(`%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj\n3 0 obj << /Type /ObjStm /N 1 /First 4 /Filter ${filter} /Length ${encoded.length} >>\nstream\n`);
  const tail = enc('\nendstream\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n');
  return new Uint8Array([...head, ...encoded, ...tail]);
}

async function hiddenActiveContent(kit: AttackKit): Promise<void> {
  const object = new TextEncoder().encode('2 0 << /S /JavaScript /JS (app.alert(1)) >>');
  const files: [string, Uint8Array][] = [
    ['hex.pdf', pdfHiding(new TextEncoder().encode(`${Buffer.from(object).toString('hex')}>`), '/ASCIIHexDecode')],
    ['two-filters.pdf', pdfHiding(new TextEncoder().encode(`${Buffer.from(deflateSync(object)).toString('hex')}>`), '[/ASCIIHexDecode /FlateDecode]')],
    ['unknown-filter.pdf', pdfHiding(object, '/JBIG2Decode')],
    [
      'prefixes.odt',
      storedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
        {
          name: 'content.xml',
          data: '<o:document-content xmlns:o="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:s="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:l="http://www.w3.org/1999/xlink"><o:event-listeners><s:event-listener s:event-name="dom:load" l:href="vnd.sun.star.script:Standard.M.Main"/></o:event-listeners></o:document-content>',
        },
      ]),
    ],
    [
      'entities.odt',
      storedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
        { name: 'content.xml', data: '<!DOCTYPE d [<!ENTITY ev "event-listeners">]><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" x="&ev;"/>' },
      ]),
    ],
  ];
  const statuses: string[] = [];
  for (const [i, [name, bytes]] of files.entries()) {
    const body = new FormData();
    for (const [k, v] of Object.entries({ lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Eve', lastName: 'Upload', email: `upload-${kit.stamp}-${i}@example.be`, phone: '0475123456' }))
      body.set(k, v);
    body.set('cv', new File([bytes as Uint8Array<ArrayBuffer>], name));
    statuses.push(`${name} ${(await kit.form('/forms/job-application', body, kit.address(240 + i))).status}`);
  }
  kit.report(
    'CVs hiding a PDF script behind ASCIIHex, two filters or an unknown filter, and ODT macros behind other prefixes or entities',
    statuses.join(', '),
    statuses.every((s) => s.endsWith(' 422')),
  );
}

async function formulaAfterLineBreak(kit: AttackKit): Promise<void> {
  await kit.form(
    '/forms/site-contact',
    {
      lang: 'fr',
      back: '/fr/',
      title: 'mr',
      firstName: 'Jan',
      lastName: `Line${kit.stamp}`,
      email: `csvlf-${kit.stamp}@example.be`,
      phone: '0475123456',
      message: 'Bonjour\n=HYPERLINK("https://evil.example")\r\n@SUM(A1)',
    },
    kit.address(250),
  );
  const csv = kit.command('scripts/leads.ts', ['--kind', 'site-contact', '--csv']).stdout;
  const start = csv.indexOf(`Line${kit.stamp}`);
  const record = start < 0 ? '' : csv.slice(csv.lastIndexOf('\r\n', start) + 2, csv.indexOf('\r\n"', start) > 0 ? csv.indexOf('\r\n"', start) : undefined);
  // Cut as a reader that ignores quotes cuts: at every line break, ';', ',' and tab.
  const pieces = record.split(/[\r\n;,\t]+/).map((c) => c.replace(/^[\s"]+/, ''));
  const live = pieces.filter((c) => /^[=+\-@]/.test(c));
  kit.report(
    'a message with a formula after a line break, exported with npm run leads -- --csv',
    record ? `${pieces.length} piece(s), ${live.length} formula(s)` : 'not exported',
    record !== '' && live.length === 0,
  );
}

async function cachePermutations(kit: AttackKit): Promise<void> {
  const places = ['namur', 'ciney', 'dinant', 'gembloux'];
  const orders: string[][] = [];
  const permute = (rest: string[], done: string[]) => (rest.length === 0 ? orders.push(done) : rest.forEach((p, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, p])));
  permute(places, []);
  const locations = new Set<string>();
  let rendered = 0;
  for (const order of orders) {
    const response = await fetch(`${kit.base}/fr/a-vendre/?city=${order.join(',')}`, { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status === 301) locations.add(response.headers.get('Location') ?? '');
    else rendered++;
  }
  kit.report(`/fr/a-vendre/ with the ${orders.length} orders of four places`, `${locations.size} address(es) redirected to, ${rendered} rendered`, locations.size === 1 && rendered <= 1);
}

export function thirdPassAttacks(kit: AttackKit, inbox: string): Record<string, () => Promise<void>> {
  return {
    privacyBudgetProbe: () => privacyBudgetProbe(kit),
    privacyTiming: () => privacyTiming(kit),
    erasureUnderAnotherSpelling: () => erasureUnderAnotherSpelling(kit, inbox),
    accountNumberShapes: () => accountNumberShapes(kit),
    hiddenActiveContent: () => hiddenActiveContent(kit),
    formulaAfterLineBreak: () => formulaAfterLineBreak(kit),
    cachePermutations: () => cachePermutations(kit),
    growingCrm: () => growingCrm(kit),
    garbledExports: () => garbledExports(kit),
  };
}
