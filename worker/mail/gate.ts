/**
 * The one gate for mail to an address someone typed. Every such mail is a way to harm its
 * owner: a stranger can type anyone's address into a form, or an owner's username into the
 * reset form. The gate counts each mail against a budget per mailbox (lower case, `+tag`
 * dropped) and per sending network (an IPv4 address or an IPv6 /64), and only what it lets
 * through becomes a `Recipient`: the only kind of address the site's mailer sends to.
 *
 * Budgets are separate, so a stranger spending one cannot starve another:
 * - `visitor`: what forms send to a typed address (a friend, a confirmation, a brochure);
 * - `owner-reset` and `owner-lock`: an owner's own mails, which no form can spend;
 * - `subscriber`: the alerts a confirmed subscriber asked for.
 * Counters are hashed: they are no list of addresses.
 */
import { mailboxKey } from '../../domain/rules/mailbox.ts';
import { networkOf } from '../../domain/rules/network.ts';
import type { Bindings } from '../env.ts';

declare const admitted: unique symbol;
/** An address the gate let through (or the agency's own inbox). Minted here only. */
export type Recipient = string & { readonly [admitted]: true };

export type Budget = 'visitor' | 'receipt' | 'rights' | 'owner-reset' | 'owner-lock' | 'subscriber';

/** Mails a day, per mailbox and per sending network (null: not counted by sender). */
export const MAIL_BUDGETS: Record<Budget, { perRecipient: number; perSender: number | null }> = {
  // Per network: an office, a family or a mobile carrier's shared address sends a few visitors'
  // mails a day; one stranger spraying addresses is stopped well before it floods anyone.
  visitor: { perRecipient: 3, perSender: 20 },
  // A request's receipt has its own: a visitor who writes twice and books a visit still gets the
  // alert they save next; a stranger naming someone's address adds at most three receipts.
  receipt: { perRecipient: 3, perSender: 20 },
  // The link to one's own data: always within reach of its owner, however busy their day was; a
  // stranger asking for it sends the address at most three links a day it can ignore.
  rights: { perRecipient: 3, perSender: 10 },
  // An owner can ask for a reset from home and from the office; a stranger's network gets 3 of the 6.
  'owner-reset': { perRecipient: 6, perSender: 3 },
  // One warning a day is enough to tell an owner someone is guessing; more is a flood.
  'owner-lock': { perRecipient: 1, perSender: null },
  // The site sends these on its own, to confirmed subscribers only.
  subscriber: { perRecipient: 3, perSender: null },
};

/** A pass lives this long: longer than the queue's retries, shorter than anyone's memory. */
const PASS_DAYS = 7;

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type Admission = { ok: true; pass: string } | { ok: false; exhausted: 'recipient' | 'sender' };

/** Takes one mail from the budget, atomically (each counter one upsert with RETURNING); old days are dropped as new ones come. */
async function count(db: D1Database, request: { to: string; budget: Budget; sender?: string }, now: Date): Promise<'ok' | 'recipient' | 'sender'> {
  const day = now.toISOString().slice(0, 10);
  const limits = MAIL_BUDGETS[request.budget];
  const take = (scope: string, key: string) =>
    db.prepare('INSERT INTO mail_quota (scope, key, day, sent) VALUES (?1, ?2, ?3, 1) ON CONFLICT (scope, key, day) DO UPDATE SET sent = sent + 1 RETURNING sent').bind(scope, key, day);
  const counters = [take(`${request.budget}:recipient`, await digest(mailboxKey(request.to)))];
  if (limits.perSender !== null) counters.push(take(`${request.budget}:sender`, await digest(networkOf(request.sender ?? 'local'))));
  const [, recipient, sender] = await db.batch<{ sent: number }>([db.prepare('DELETE FROM mail_quota WHERE day < ?').bind(day), ...counters]);
  if ((recipient?.results[0]?.sent ?? 0) > limits.perRecipient) return 'recipient';
  if (limits.perSender !== null && (sender?.results[0]?.sent ?? 0) > limits.perSender) return 'sender';
  return 'ok';
}

/**
 * Counts one mail against the budget and, when it is allowed, issues a pass naming the
 * address, for the queue consumer that will send it.
 */
export async function admit(db: D1Database, request: { to: string; budget: Budget; sender?: string }, now: Date = new Date()): Promise<Admission> {
  const counted = await count(db, request, now);
  if (counted !== 'ok') return { ok: false, exhausted: counted };
  const pass = crypto.randomUUID();
  const cutoff = new Date(now.getTime() - PASS_DAYS * 86_400_000).toISOString();
  await db.batch([
    db.prepare('DELETE FROM mail_passes WHERE created_at < ?').bind(cutoff),
    db.prepare('INSERT INTO mail_passes (id, recipient, budget, created_at) VALUES (?, ?, ?, ?)').bind(pass, request.to.trim(), request.budget, now.toISOString()),
  ]);
  return { ok: true, pass };
}

/**
 * Counts one mail against the budget whether or not it will be sent, and issues a pass only
 * when `wanted` and allowed: a page that must not tell a known address from an unknown one
 * spends the same budget for both, so what the budget allows tells a stranger nothing.
 */
export async function admitWhen(db: D1Database, request: { to: string; budget: Budget; sender?: string }, wanted: boolean, now: Date = new Date()): Promise<Admission> {
  const counted = await count(db, request, now);
  if (counted !== 'ok') return { ok: false, exhausted: counted };
  if (!wanted) return { ok: false, exhausted: 'recipient' };
  const pass = crypto.randomUUID();
  await db.prepare('INSERT INTO mail_passes (id, recipient, budget, created_at) VALUES (?, ?, ?, ?)').bind(pass, request.to.trim(), request.budget, now.toISOString()).run();
  return { ok: true, pass };
}

/** The address a pass lets a mail go to; null for no pass, an unknown or an expired one. */
export async function recipientOfPass(db: D1Database, pass: string | null | undefined): Promise<Recipient | null> {
  if (!pass) return null;
  const row = await db.prepare('SELECT recipient FROM mail_passes WHERE id = ?').bind(pass).first<{ recipient: string }>();
  return row ? (row.recipient as Recipient) : null;
}

/**
 * For mails the site sends on its own when they are due (alerts): admitted and addressed
 * at once, or null when the mailbox's budget for today is spent (the news waits).
 */
export async function admitNow(db: D1Database, request: { to: string; budget: Budget; sender?: string }, now: Date = new Date()): Promise<Recipient | null> {
  return (await count(db, request, now)) === 'ok' ? (request.to.trim() as Recipient) : null;
}

/** The agency's own inbox, configured by the operator: it reads every lead, and is never counted. */
export function agencyInbox(env: Pick<Bindings, 'AGENCY_INBOX'>): Recipient {
  return env.AGENCY_INBOX as Recipient;
}
