/**
 * Everything the site holds about one e-mail address, and its erasure: what a visitor sees
 * behind their link (GDPR art. 15, and art. 20 as JSON), and what "erase everything" removes
 * (art. 17): their requests with their uploads, bookings, alerts, newsletter subscription,
 * the mails sent to them and the agency's copies of what they sent. An address is every
 * spelling the mail gate folds into one mailbox (`J.Doe+x@googlemail.com` is
 * `jdoe@gmail.com`): what one spelling sent, another spelling can see and erase, since the
 * same person reads both. The operator's `npm run privacy` and the visitor's page call these
 * same functions.
 */
import { mailboxDomains, mailboxKey } from '../../domain/rules/mailbox.ts';
import { subjectKey } from '../mail/send.ts';

export interface SubjectData {
  email: string;
  requests: { id: string; form: string; lang: string; receivedAt: string; fields: Record<string, unknown>; files: string[]; sentToCrm: boolean; noticeShown: string | null }[];
  bookings: { startsAt: string; propertyId: number; status: string; bookedAt: string }[];
  alerts: { id: number; list: string; frequency: string; status: string; since: string }[];
  newsletter: { status: string; since: string; ended: string | null } | null;
  mails: { kind: string; subject: string; sentAt: string; status: string }[];
  testimonials: { name: string; comment: string; status: string; createdAt: string }[];
}

export interface Erasure {
  requests: number;
  uploads: number;
  bookings: number;
  alerts: number;
  newsletter: number;
  mails: number;
  testimonials: number;
  /** The CRM's own records of these requests: the agency erases them there. */
  crmRefs: string[];
}

type Db = D1Database;

/** A row's address is one of the spellings, passed as a JSON array in ?1. */
const same = 'lower(email) IN (SELECT value FROM json_each(?1))';

/**
 * Every spelling of `email`'s mailbox the site holds, lower case, the asked one included:
 * rows of the mailbox's domains are read and folded as the mail gate folds them.
 */
export async function spellingsOf(db: Db, email: string): Promise<string[]> {
  const key = mailboxKey(email);
  const domains = JSON.stringify(mailboxDomains(key));
  const ofDomains = (column: string) => `EXISTS (SELECT 1 FROM json_each(?1) d WHERE lower(${column}) LIKE '%@' || d.value)`;
  const reads = [
    `SELECT DISTINCT lower(trim(email)) AS a FROM leads WHERE email IS NOT NULL AND ${ofDomains('email')}`,
    `SELECT DISTINCT lower(trim(email)) AS a FROM alerts WHERE ${ofDomains('email')}`,
    `SELECT lower(trim(email)) AS a FROM alert_addresses WHERE ${ofDomains('email')}`,
    `SELECT lower(trim(email)) AS a FROM newsletter_subscribers WHERE ${ofDomains('email')}`,
    `SELECT DISTINCT lower(trim(recipient)) AS a FROM mail_log WHERE ${ofDomains('recipient')}`,
    `SELECT DISTINCT lower(trim(recipient)) AS a FROM mail_passes WHERE ${ofDomains('recipient')}`,
    `SELECT DISTINCT lower(trim(email)) AS a FROM privacy_links WHERE ${ofDomains('email')}`,
  ];
  const results = await db.batch<{ a: string }>(reads.map((sql) => db.prepare(sql).bind(domains)));
  const rows = { results: results.flatMap((r) => r.results) };
  const found = rows.results.map((r) => r.a).filter((a) => mailboxKey(a) === key);
  return [...new Set([email.trim().toLowerCase(), ...found])];
}

function filesOf(payload: string): { fields: Record<string, unknown>; files: string[] } {
  try {
    const parsed = JSON.parse(payload) as Record<string, unknown>;
    const { files, ...fields } = parsed;
    const keys = files && typeof files === 'object' ? Object.values(files as Record<string, unknown>).filter((k): k is string => typeof k === 'string') : [];
    return { fields, files: keys };
  } catch {
    return { fields: {}, files: [] };
  }
}

/** What the site holds about `email` (art. 15), under every spelling of its mailbox. */
export async function findSubject(db: Db, email: string): Promise<SubjectData> {
  const spellings = JSON.stringify(await spellingsOf(db, email));
  const about = await subjectKey(email);
  const [leads, bookings, alerts, newsletter, mails, testimonials] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT l.id, l.kind, l.lang, l.created_at, l.payload, l.notice_version, p.lead_id AS pushed FROM leads l LEFT JOIN crm_pushes p ON p.lead_id = l.id AND p.state = 'sent' WHERE lower(l.email) IN (SELECT value FROM json_each(?1)) ORDER BY l.created_at`,
      )
      .bind(spellings),
    db
      .prepare(
        `SELECT s.starts_at, s.property_id, a.status, a.created_at FROM appointments a JOIN appointment_slots s ON s.id = a.slot_id WHERE a.lead_id IN (SELECT id FROM leads WHERE ${same}) ORDER BY s.starts_at`,
      )
      .bind(spellings),
    db.prepare(`SELECT id, list_url, frequency, status, consent_at FROM alerts WHERE ${same} ORDER BY id`).bind(spellings),
    db.prepare(`SELECT status, subscribed_at, unsubscribed_at FROM newsletter_subscribers WHERE ${same} ORDER BY subscribed_at DESC LIMIT 1`).bind(spellings),
    // The mails sent to them, and the agency's copies of what they sent.
    db.prepare(`SELECT kind, subject, sent_at, status FROM mail_log WHERE ${MAILS_ABOUT} ORDER BY id`).bind(spellings, about),
    db.prepare(`SELECT name, comment, status, created_at FROM testimonials WHERE lead_id IN (SELECT id FROM leads WHERE ${same})`).bind(spellings),
  ]);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const sub = newsletter?.results[0];
  return {
    email,
    requests: (leads?.results ?? []).map((r) => ({
      id: text(r.id),
      form: text(r.kind),
      lang: text(r.lang),
      receivedAt: text(r.created_at),
      ...filesOf(text(r.payload)),
      sentToCrm: r.pushed !== null && r.pushed !== undefined,
      noticeShown: typeof r.notice_version === 'string' ? r.notice_version : null,
    })),
    bookings: (bookings?.results ?? []).map((r) => ({ startsAt: text(r.starts_at), propertyId: Number(r.property_id), status: text(r.status), bookedAt: text(r.created_at) })),
    alerts: (alerts?.results ?? []).map((r) => ({ id: Number(r.id), list: text(r.list_url), frequency: text(r.frequency), status: text(r.status), since: text(r.consent_at) })),
    newsletter: sub ? { status: text(sub.status), since: text(sub.subscribed_at), ended: typeof sub.unsubscribed_at === 'string' ? sub.unsubscribed_at : null } : null,
    mails: (mails?.results ?? []).map((r) => ({ kind: text(r.kind), subject: text(r.subject), sentAt: text(r.sent_at), status: text(r.status) })),
    testimonials: (testimonials?.results ?? []).map((r) => ({ name: text(r.name), comment: text(r.comment), status: text(r.status), createdAt: text(r.created_at) })),
  };
}

/**
 * The delivery log's rows about a person (?2: their subject key) or sent to them (?1: their
 * spellings); rows logged before the log named whom a mail is about are found by the
 * addresses they quote.
 */
const MAILS_ABOUT = `(about = ?2 OR lower(recipient) IN (SELECT value FROM json_each(?1)) OR (about IS NULL AND EXISTS (SELECT 1 FROM json_each(?1) s WHERE instr(lower(text), s.value) > 0 OR instr(lower(html), s.value) > 0)))`;

/**
 * Erases requests by id with everything that hangs on them: their uploads (R2), bookings (a
 * place still to come given back to the agenda), the mails' record of them, their CRM queue
 * row, and the testimonials they carried. Returns the counts and the CRM's references.
 */
export async function eraseRequests(db: Db, files: R2Bucket, ids: readonly string[], now: Date): Promise<Omit<Erasure, 'alerts' | 'newsletter' | 'mails'>> {
  const erased: Omit<Erasure, 'alerts' | 'newsletter' | 'mails'> = { requests: 0, uploads: 0, bookings: 0, testimonials: 0, crmRefs: [] };
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const marks = chunk.map((_, j) => `?${j + 1}`).join(', ');
    const [leads, pushes, images] = await db.batch<Record<string, unknown>>([
      db.prepare(`SELECT payload FROM leads WHERE id IN (${marks})`).bind(...chunk),
      db.prepare(`SELECT crm_ref FROM crm_pushes WHERE lead_id IN (${marks}) AND crm_ref IS NOT NULL`).bind(...chunk),
      db.prepare(`SELECT image_key FROM testimonials WHERE lead_id IN (${marks}) AND image_key IS NOT NULL`).bind(...chunk),
    ]);
    const keys = [...(leads?.results ?? []).flatMap((r) => filesOf(typeof r.payload === 'string' ? r.payload : '').files), ...(images?.results ?? []).map((r) => String(r.image_key))].filter((k) =>
      k.startsWith('uploads/'),
    );
    if (keys.length > 0) await files.delete([...new Set(keys)]);
    erased.uploads += new Set(keys).size;
    erased.crmRefs.push(...(pushes?.results ?? []).map((r) => String(r.crm_ref)));
    const results = await db.batch([
      // A visit still to come gives back every place it took before its bookings go.
      db
        .prepare(
          `UPDATE appointment_slots SET booked = MAX(0, booked - (SELECT COUNT(*) FROM appointments a WHERE a.slot_id = appointment_slots.id AND a.status = 'confirmed' AND a.lead_id IN (${marks}))) WHERE starts_at > ?${chunk.length + 1} AND id IN (SELECT slot_id FROM appointments WHERE status = 'confirmed' AND lead_id IN (${marks}))`,
        )
        .bind(...chunk, now.toISOString()),
      db.prepare(`DELETE FROM appointments WHERE lead_id IN (${marks})`).bind(...chunk),
      db.prepare(`DELETE FROM testimonials WHERE lead_id IN (${marks})`).bind(...chunk),
      db.prepare(`DELETE FROM lead_mails WHERE lead_id IN (${marks})`).bind(...chunk),
      // The CRM queue's row goes before its lead (it refers to it).
      db.prepare(`DELETE FROM crm_pushes WHERE lead_id IN (${marks})`).bind(...chunk),
      db.prepare(`DELETE FROM leads WHERE id IN (${marks})`).bind(...chunk),
    ]);
    erased.bookings += results[1]?.meta.changes ?? 0;
    erased.testimonials += results[2]?.meta.changes ?? 0;
    erased.requests += results[5]?.meta.changes ?? 0;
  }
  return erased;
}

/**
 * "Erase everything" for one address (art. 17), under every spelling of its mailbox:
 * nothing of it is left in D1 or R2, the delivery log's copies of its requests included.
 */
export async function eraseSubject(db: Db, files: R2Bucket, email: string, now: Date): Promise<Erasure> {
  const spellings = JSON.stringify(await spellingsOf(db, email));
  const about = await subjectKey(email);
  const ids = (await db.prepare(`SELECT id FROM leads WHERE ${same}`).bind(spellings).all<{ id: string }>()).results.map((r) => r.id);
  const requests = await eraseRequests(db, files, ids, now);
  const results = await db.batch([
    db.prepare(`DELETE FROM alert_matches WHERE alert_id IN (SELECT id FROM alerts WHERE ${same})`).bind(spellings),
    db.prepare(`DELETE FROM alerts WHERE ${same}`).bind(spellings),
    db.prepare(`DELETE FROM alert_addresses WHERE ${same}`).bind(spellings),
    db.prepare(`DELETE FROM newsletter_subscribers WHERE ${same}`).bind(spellings),
    db.prepare(`DELETE FROM mail_log WHERE ${MAILS_ABOUT}`).bind(spellings, about),
    db.prepare('DELETE FROM mail_passes WHERE lower(recipient) IN (SELECT value FROM json_each(?1))').bind(spellings),
    db.prepare(`DELETE FROM privacy_links WHERE ${same}`).bind(spellings),
  ]);
  return { ...requests, alerts: results[1]?.meta.changes ?? 0, newsletter: results[3]?.meta.changes ?? 0, mails: results[4]?.meta.changes ?? 0 };
}

/** Ends every alert and the newsletter of an address, keeping the record of their end (art. 7.3). */
export async function endSubscriptions(db: Db, email: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const spellings = JSON.stringify(await spellingsOf(db, email));
  const results = await db.batch([
    db.prepare(`UPDATE alerts SET status = 'unsubscribed', unsubscribed_at = ?2 WHERE ${same} AND status != 'unsubscribed'`).bind(spellings, at),
    db.prepare(`UPDATE newsletter_subscribers SET unsubscribed_at = ?2 WHERE ${same} AND unsubscribed_at IS NULL`).bind(spellings, at),
  ]);
  return (results[0]?.meta.changes ?? 0) + (results[1]?.meta.changes ?? 0);
}

/** The audit of a rights request: who, when, what, the outcome; the address only hashed. */
export async function audit(
  db: Db,
  entry: { actor: 'visitor' | 'operator'; request: 'link' | 'access' | 'export' | 'erase' | 'end-subscriptions' | 'find'; email: string; outcome: string },
  now: Date,
): Promise<void> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(entry.email.trim().toLowerCase())));
  const hash = Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  await db
    .prepare('INSERT INTO privacy_audit (at, actor, request, subject_hash, outcome) VALUES (?, ?, ?, ?, ?)')
    .bind(now.toISOString(), entry.actor, entry.request, hash, entry.outcome.slice(0, 500))
    .run();
}
