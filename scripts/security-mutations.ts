/**
 * npm run attack:mutations [-- --only N,M] [--check]
 *
 * Proves each row of docs/security.md: its control is taken out of the code (one exact
 * replacement in one file), the row's test is run, and the test must fail. The file is put
 * back whatever happens. A test that still passes without its control attacks nothing.
 * --check only verifies that every control is still found, exactly once, where it is named.
 * Writes docs/bench/security-mutations.json with the commit it ran on. Takes ~20 minutes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Mutation {
  /** The threat of the row in docs/security.md. */
  row: string;
  /** What is taken out, in words. */
  control: string;
  file: string;
  /** One exact text, or several, each found exactly once and replaced. */
  find: string | string[];
  replace: string | string[];
  /** Edits in other files, when a control lives in two places (defence in depth). */
  also?: { file: string; find: string; replace: string }[];
  /** The project and test file whose tests must fail, and a name filter. */
  project: 'unit' | 'worker';
  test: string;
  name?: string;
}

export const MUTATIONS: Mutation[] = [
  // ── Owner accounts
  {
    row: 'Guessing a password with many requests at once',
    control: 'claimLoginAttempt never refuses',
    file: 'worker/owners/store.ts',
    find: 'if (row.attempts > LOGIN_MAX_FAILURES) return { allowed: false, retryAfter: LOGIN_LOCK_SECONDS };',
    replace: '',
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: '24 wrong passwords',
  },
  {
    row: 'Spreading guesses over username and e-mail',
    control: 'the account key is the typed identifier',
    file: 'worker/owners/store.ts',
    find: 'return owner ? `owner:${owner.id}` : `name:',
    replace: 'return owner ? `owner:${identifier}` : `name:',
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: 'one account',
  },
  {
    row: 'Learning which accounts exist from the lockout',
    control: 'an unknown identifier is never counted',
    file: 'worker/owners/auth.ts',
    find: 'const claim = await claimLoginAttempt(c.env.DB, account, at);',
    replace: 'const claim = owner ? await claimLoginAttempt(c.env.DB, account, at) : ({ allowed: true } as const);',
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: 'unknown identifier',
  },
  {
    row: 'Guessing many accounts from one address',
    control: 'LOGIN_LIMITER not consulted',
    file: 'worker/owners/auth.ts',
    find: 'limiter: (env) => env.LOGIN_LIMITER,',
    replace: 'limiter: () => ({ limit: async () => ({ success: true }) }) as unknown as RateLimit,',
    project: 'worker',
    test: 'test/integration/owners.test.ts',
    name: 'one address',
  },
  {
    row: 'A locked owner who does not know why',
    control: 'no lock mail queued',
    file: 'worker/owners/auth.ts',
    find: 'if (admission.ok) await queueLockMail(c, place, owner.id, admission.pass);',
    replace: '',
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: 'one mail when the account is locked',
  },
  {
    row: 'A reset link pointing at the attacker’s host',
    control: 'any Host answered',
    file: 'worker/security/site-host.ts',
    find: 'if (url.host === origin.host) return next();',
    replace: 'return next();',
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: 'another host',
  },
  {
    row: 'Reusing or keeping a reset token',
    control: 'a used token stays valid (both the check and the claim)',
    file: 'worker/owners/store.ts',
    find: ["'SELECT owner_id FROM owner_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?'", 'WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING owner_id'],
    replace: ["'SELECT owner_id FROM owner_resets WHERE token_hash = ? AND expires_at > ?'", 'WHERE token_hash = ? AND expires_at > ? RETURNING owner_id'],
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: 'works once',
  },
  // ── Forms and mail
  {
    row: 'Send-to-a-friend as an open relay',
    control: 'an unpublished property is sent',
    file: 'worker/forms/routes.ts',
    find: "if (name === 'send-to-friend' && !published) return",
    replace: "if (name === 'send-to-friend' && false) return",
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'open relay',
  },
  {
    row: 'Flooding one inbox from the agency’s domain',
    control: 'no limit per mailbox',
    file: 'worker/mail/gate.ts',
    find: 'visitor: { perRecipient: 3, perSender: 6 },',
    replace: 'visitor: { perRecipient: 300, perSender: 6 },',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'seven strangers',
  },
  {
    row: 'The rental application and project request mailing a typed address',
    control: 'those forms skip the gate',
    file: 'worker/forms/registry.ts',
    find: ["'contact-construction': { mailsTypedAddress: 'email' },", "'rental-application': { done: 'THANKS_RENTAL_APPLICATION', mailsTypedAddress: 'email' },"],
    replace: ["'contact-construction': {},", "'rental-application': { done: 'THANKS_RENTAL_APPLICATION' },"],
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'seven strangers',
  },
  {
    row: 'The +tag variants of one address',
    control: 'the +tag kept in the mailbox key',
    file: 'domain/rules/mailbox.ts',
    find: 'return `${plus > 0 ? local.slice(0, plus) : local}${text.slice(at)}`;',
    replace: 'return `${local}${text.slice(at)}`;',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'tag and case',
  },
  {
    row: 'One sender walking through its IPv6 /64',
    control: 'the sender key is the full address',
    file: 'worker/mail/gate.ts',
    find: "await digest(networkOf(request.sender ?? 'local'))",
    replace: "await digest(request.sender ?? 'local')",
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'IPv6',
  },
  {
    row: 'A stranger starving an owner’s reset',
    control: 'resets share the forms’ budget',
    file: 'worker/owners/auth.ts',
    find: "budget: 'owner-reset', sender: clientAddress(c) })",
    replace: "budget: 'visitor', sender: clientAddress(c) })",
    project: 'worker',
    test: 'test/integration/trust-accounts.test.ts',
    name: 'leaves the owner',
  },
  {
    row: 'A mail to a typed address without the gate',
    control: 'the notifier mails the lead’s own address',
    file: 'worker/outbox/consumer.ts',
    find: 'const visitor = await recipientOfPass(env.DB, lead.mail_pass);',
    replace: 'const visitor = (lead.email ?? (JSON.parse(lead.payload) as { friendEmail?: string }).friendEmail ?? null) as Recipient | null;',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'did not pass the gate',
  },
  {
    row: 'CR/LF in a header',
    control: 'the subject sent as built',
    file: 'worker/mail/send.ts',
    find: 'return { subject: headerLine(mail.subject),',
    replace: 'return { subject: mail.subject,',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'CR/LF',
  },
  {
    row: 'Visitor words in the agency’s alert mails',
    control: 'the typed town described as typed',
    file: 'worker/alerts/describe.ts',
    find: 's.city ? (places.get(s.city) ?? places.get(slugify(s.city)) ?? null) : null,',
    replace: 's.city ?? null,',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'domain',
  },
  {
    row: 'A visitor’s note made a link',
    control: 'the note quoted as typed',
    file: 'worker/outbox/agency-lead.ts',
    find: "if (spec.kind === 'textarea') return inertText(values.join(', '));",
    replace: '',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'never as a link',
  },
  {
    row: 'Secrets in the delivery log',
    control: 'the log keeps mails as sent',
    file: 'worker/mail/send.ts',
    find: 'const kept = redactTokens({',
    replace: 'const kept = ({',
    project: 'worker',
    test: 'test/integration/mail-gate.test.ts',
    name: 'secret',
  },
  {
    row: 'Subscribing someone to the newsletter',
    control: 'a sign-up is confirmed at once',
    file: 'worker/forms/newsletter.ts',
    find: "VALUES (?1, ?2, ?3, 'pending', ?4, ?5, ${NOW})",
    replace: "VALUES (?1, ?2, ?3, 'confirmed', ?4, ?5, ${NOW})",
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'newsletter',
  },
  {
    row: 'Booking a slot of another property',
    control: 'any slot id taken',
    file: 'worker/visits/store.ts',
    find: 'SET booked = booked + 1 WHERE id = ? AND property_id = ? AND starts_at > ? AND booked < capacity',
    replace: 'SET booked = booked + 1 WHERE id = ? AND (property_id = ? OR 1) AND (starts_at > ? OR 1) AND booked < capacity',
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'slot',
  },
  {
    row: 'Impossible or absurd dates',
    control: 'any date shape accepted',
    file: 'domain/rules/calendar-date.ts',
    find: 'return exists && year >= thisYear - DATE_YEARS_BACK && year <= thisYear + DATE_YEARS_AHEAD;',
    replace: 'return true;',
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'date',
  },
  {
    row: 'Telling who asked for which property’s documents',
    control: 'an unknown property is stored and answered apart',
    file: 'worker/forms/routes.ts',
    find: "if (!published || (propertyId !== null && 'email' in fields",
    replace: "if ((propertyId !== null && 'email' in fields",
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'document requests',
  },
  {
    row: 'Malware as a CV (macros)',
    control: 'a macro-enabled DOCX is a document',
    file: 'worker/forms/file-content.ts',
    find: "return word && !macros ? 'docx' : null;",
    replace: "return word ? 'docx' : null;",
    project: 'unit',
    test: 'worker/forms/file-content.test.ts',
  },
  {
    row: 'A visitor’s home revealed by a photo’s EXIF',
    control: 'JPEG metadata segments kept',
    file: 'worker/forms/file-content.ts',
    find: 'if (!isMetadata || keepJpegSegment(marker, segment.subarray(4))) parts.push(segment);',
    replace: 'parts.push(segment);',
    project: 'unit',
    test: 'worker/forms/file-content.test.ts',
  },
  {
    row: 'Subscribing someone else to alerts',
    control: 'a saved search is confirmed at once',
    file: 'worker/alerts/store.ts',
    find: "VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)",
    replace: "VALUES (?, ?, ?, ?, ?, ?, 'confirmed', ?, ?, ?, ?)",
    project: 'worker',
    test: 'test/integration/alerts.test.ts',
    name: 'pending until confirmed',
  },
  {
    row: 'Changing someone’s confirmed alert',
    control: 'a new save changes the frequency at once',
    file: 'worker/alerts/store.ts',
    find: 'UPDATE alerts SET pending_frequency = ?1, change_asked_at = ?2, confirm_token = ?3 WHERE id = ?4 AND frequency != ?1 RETURNING id',
    replace: 'UPDATE alerts SET frequency = ?1, change_asked_at = ?2 WHERE id = ?4 AND ?3 IS NOT NULL AND 0 RETURNING id',
    project: 'worker',
    test: 'test/integration/alerts.test.ts',
    name: 'stranger saving',
  },
  {
    row: 'Unsubscribing someone else, or reading their alerts',
    control: 'the manage link acts on any alert id',
    file: 'worker/alerts/store.ts',
    find: "const scope = change.alertId === 'all' ? 'email = ?' : 'email = ? AND id = ?';",
    replace: "const scope = change.alertId === 'all' ? 'email = ?' : '(email = ? OR 1) AND id = ?';",
    project: 'worker',
    test: 'test/integration/alerts.test.ts',
    name: 'manage link changes nothing',
  },
  {
    row: 'Cross-site posts against the one-click unsubscribe',
    control: 'every alert post exempt from the same-origin rule',
    file: 'worker/index.ts',
    find: 'exempt: (path) => /^\\/alerts\\/(?:unsubscribe\\/[0-9a-f]{32,64}\\/|run)$/.test(path)',
    replace: "exempt: (path) => path.startsWith('/alerts/')",
    project: 'worker',
    test: 'test/integration/alerts.test.ts',
    name: 'one-click',
  },
  {
    row: 'Triggering alert mails at will',
    control: 'the hook’s secret not compared',
    file: 'worker/alerts/routes.ts',
    find: "if (secret.length < 16 || !(await sameSecret(given, secret))) return c.json({ error: 'forbidden' }, 403);",
    replace: '',
    project: 'worker',
    test: 'test/integration/alerts.test.ts',
    name: 'hook refuses',
  },
  {
    row: 'Flooding a buyer with alerts',
    control: 'no daily budget for alerts',
    file: 'worker/mail/gate.ts',
    find: 'subscriber: { perRecipient: 3, perSender: null },',
    replace: 'subscriber: { perRecipient: 300, perSender: null },',
    project: 'worker',
    test: 'test/integration/alerts.test.ts',
    name: 'own daily budget',
  },
  {
    row: 'A bad CRM record breaking the site',
    control: 'records published unchecked',
    file: 'content/crm-sync.ts',
    find: '  return problems.length > 0 ? { ok: false, problems } : { ok: true, properties };',
    replace: '  return { ok: true, properties: list.data as PropertyDetail[] };',
    project: 'worker',
    test: 'test/integration/crm-sync.test.ts',
    name: 'bad record',
  },
  {
    row: 'A broken or partial feed emptying the site',
    control: 'no feed guard',
    file: 'content/crm-publish.ts',
    find: '  if (refusal && !input.confirmWithdrawal) return { ok: false, refusal };',
    replace: '',
    project: 'worker',
    test: 'test/integration/crm-sync.test.ts',
    name: 'feed guard',
  },
  {
    row: 'A CRM answer without its list read as an empty catalogue',
    control: 'a missing list is []',
    file: 'content/crm-feeds.ts',
    find: '  if (!Array.isArray(value)) throw new FeedError(`${what}: the answer has no list of records`);\n',
    replace: '  if (!Array.isArray(value)) return [];\n',
    project: 'worker',
    test: 'test/integration/crm-pull.test.ts',
    name: 'Omnicasa answering',
  },
  {
    row: 'A list cut off before its announced count',
    control: 'counts not compared',
    file: 'content/crm-feeds.ts',
    find: "  if (typeof announced === 'number' && found < announced) throw",
    replace: '  if (false) throw',
    project: 'worker',
    test: 'test/integration/crm-pull.test.ts',
    name: 'cut off',
  },
  {
    row: 'Filling the page cache with favourites selections',
    control: 'the favourites page counts as content',
    file: 'worker/pages/loader.ts',
    find: "if (data.kind === 'favourites') usedLiveData = true;",
    replace: '',
    project: 'worker',
    test: 'test/integration/favourites.test.ts',
    name: 'never kept',
  },
  {
    row: '“E-mail me my selection” as a relay',
    control: 'every id of the selection mailed',
    file: 'worker/outbox/consumer.ts',
    find: ['  if (cards.length === 0) return null;\n', 'ids: cards.map((c) => c.id),'],
    replace: ['', 'ids,'],
    project: 'worker',
    test: 'test/integration/favourites.test.ts',
    name: 'no relay',
  },
  {
    row: 'Cross-site posts',
    control: 'no same-origin check',
    file: 'worker/security/same-origin.ts',
    find: 'return async (c, next) => (isSameOrigin(c) || options.exempt?.(c.req.path) ? next() : options.refuse(c));',
    replace: 'return async (_c, next) => next();',
    project: 'worker',
    test: 'test/integration/abuse.test.ts',
    name: 'cross-site',
  },
  {
    row: 'Floods',
    control: 'FORM_LIMITER not consulted',
    file: 'worker/forms/routes.ts',
    find: 'rateLimit({ limiter: (env) => env.FORM_LIMITER,',
    replace: 'rateLimit({ limiter: () => ({ limit: async () => ({ success: true }) }) as unknown as RateLimit,',
    project: 'worker',
    test: 'test/integration/forms.test.ts',
    name: 'too often',
  },
  // ── The isolate's memory and the statistics
  {
    row: 'Filling the page cache with made-up query strings and paths',
    control: 'filter values and statuses not checked',
    file: 'worker/ssr/page-cache.ts',
    find: 'if (!CACHED_QUERY_KEYS.has(key) || key in query || !known(key, value)) return null;',
    replace: 'if (!CACHED_QUERY_KEYS.has(key) || key in query) return null;',
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'never kept',
  },
  {
    row: 'Filling the page cache with 404s',
    control: 'a 404 is kept',
    file: 'worker/ssr/page-cache.ts',
    find: 'return status === 200 || status === 410;',
    replace: 'return status === 200 || status === 404 || status === 410;',
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'does not exist',
  },
  {
    row: 'Dictionary requests for made-up versions',
    control: 'API_LIMITER not consulted',
    file: 'worker/security/rate-limit.ts',
    find: 'limiter: (env) => env.API_LIMITER,',
    replace: 'limiter: () => ({ limit: async () => ({ success: true }) }) as unknown as RateLimit,',
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'made-up version',
  },
  {
    row: 'Inflating an owner’s visit statistics',
    control: 'a visitor is the user agent and address',
    file: 'worker/owners/visits.ts',
    find: 'encode(`${salt}\\n${networkOf(ip)}`)',
    replace: 'encode(`${salt}\\n${ip}\\n${Math.random()}`)',
    project: 'worker',
    test: 'test/integration/trust-forms.test.ts',
    name: 'visit',
  },
  // ── Operators' terminals
  {
    row: 'Escape sequences in CRM data or visitor text',
    control: 'forTerminal prints as it gets',
    file: 'scripts/lib/terminal.ts',
    find: "return text.replace(UNSAFE, (ch) => `\\\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);",
    replace: 'return text;',
    project: 'unit',
    test: 'scripts/crm-sync.test.ts',
  },
  // ── The map
  {
    row: 'Reading a price the agency hides from the map',
    control: 'the price always on the point',
    file: 'domain/map-points.ts',
    find: 'price: card.publishPrice && !card.priceOnDemand ? card.price : null,',
    replace: 'price: card.price,',
    project: 'worker',
    test: 'test/integration/map.test.ts',
    name: 'hidden price',
  },
  {
    row: 'Tile numbers out of range',
    control: 'any tile number read',
    file: 'worker/map/tile-routes.ts',
    find: '.check(z.refine((t) => t.z <= 22 && t.x < 2 ** t.z && t.y < 2 ** t.z));',
    replace: ';',
    project: 'worker',
    test: 'test/integration/map.test.ts',
    name: 'refuses',
  },
  {
    row: 'Ranges that cannot be read, or past the end',
    control: 'every range passed to R2',
    file: 'worker/map/byte-range.ts',
    find: "  if (start >= size) return { kind: 'unsatisfiable' };\n",
    replace: '',
    project: 'worker',
    test: 'test/integration/map.test.ts',
    name: 'RFC 9110',
  },
  {
    row: 'Filling the page cache with made-up map areas',
    control: 'bbox among the kept keys, and any area a known value',
    file: 'worker/ssr/page-cache.ts',
    find: "new Set(['page', 'sort', 'view', 'type', 'city', 'min', 'max', 'beds'])",
    replace: "new Set(['page', 'sort', 'view', 'type', 'city', 'min', 'max', 'beds', 'bbox'])",
    also: [{ file: 'domain/rules/list-filters.ts', find: "    case 'sort':\n", replace: "    case 'bbox':\n    case 'sort':\n" }],
    project: 'worker',
    test: 'test/integration/map.test.ts',
    name: 'area is rendered',
  },
];

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { only: { type: 'string' }, check: { type: 'boolean' } } });
  const chosen = values.only ? values.only.split(',').map(Number) : MUTATIONS.map((_, i) => i);
  const results: { row: string; control: string; test: string; outcome: 'failed as it should' | 'STILL PASSED' | 'control not found' }[] = [];
  for (const index of chosen) {
    const m = MUTATIONS[index];
    if (!m) continue;
    const original = readFileSync(m.file, 'utf8');
    const test = `${m.test}${m.name ? ` › ${m.name}` : ''}`;
    const finds = [m.find].flat();
    const replaces = [m.replace].flat();
    const others = (m.also ?? []).map((edit) => ({ ...edit, original: readFileSync(edit.file, 'utf8') }));
    if (finds.some((find) => count(original, find) !== 1) || others.some((edit) => count(edit.original, edit.find) !== 1)) {
      results.push({ row: m.row, control: m.control, test, outcome: 'control not found' });
      console.log(`✗ [${index}] ${m.row}: control not found exactly once in ${m.file}`);
      continue;
    }
    if (values.check) continue;
    writeFileSync(
      m.file,
      finds.reduce((text, find, i) => text.replace(find, replaces[i] ?? ''), original),
    );
    for (const edit of others) writeFileSync(edit.file, edit.original.replace(edit.find, edit.replace));
    try {
      const run = spawnSync('npx', ['vitest', 'run', '--project', m.project, m.test, ...(m.name ? ['-t', m.name] : [])], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
      const outcome = run.status === 0 ? 'STILL PASSED' : 'failed as it should';
      results.push({ row: m.row, control: m.control, test, outcome });
      console.log(`${outcome === 'failed as it should' ? '✓' : '✗'} [${index}] ${m.row} — without “${m.control}”, ${test}: ${outcome}`);
    } finally {
      writeFileSync(m.file, original);
      for (const edit of others) writeFileSync(edit.file, edit.original);
    }
  }
  if (values.check) {
    console.log(`${chosen.length - results.length} of ${chosen.length} controls found`);
    process.exit(results.length > 0 ? 1 : 0);
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  if (!values.only) writeFileSync('docs/bench/security-mutations.json', `${JSON.stringify({ commit, date: new Date().toISOString(), results }, null, 2)}\n`);
  const bad = results.filter((r) => r.outcome !== 'failed as it should').length;
  console.log(`\n${results.length - bad} of ${results.length} tests failed without their control`);
  process.exit(bad > 0 ? 1 : 0);
}
