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
import { addErasures, type DoorEnv, type Erasure, type Person, type SubjectData } from '../personal-data/door.ts';
import { ALL_DOORS } from './doors.ts';
import { leadsDoor } from '../leads/personal-data.ts';

export type { Erasure, SubjectData } from '../personal-data/door.ts';

type Db = D1Database;

/**
 * Every spelling of `email`'s mailbox the site holds, lower case, the asked one included:
 * each room's addresses of the mailbox's domains, folded as the mail gate folds them.
 */
export async function spellingsOf(db: Db, email: string): Promise<string[]> {
  const key = mailboxKey(email);
  const domains = mailboxDomains(key);
  const held = await Promise.all(ALL_DOORS.map((door) => door.addresses?.(db, domains) ?? Promise.resolve([])));
  const found = held.flat().filter((a) => mailboxKey(a) === key);
  return [...new Set([email.trim().toLowerCase(), ...found])];
}

/** The person behind an address, as every door is asked about them. */
async function personOf(db: Db, email: string): Promise<Person> {
  const spellings = await spellingsOf(db, email);
  return { spellings, about: await subjectKey(email), requests: await leadsDoor.requestsOf(db, spellings) };
}

const NOTHING: SubjectData = { email: '', requests: [], bookings: [], alerts: [], newsletter: null, mails: [], testimonials: [] };
const NONE_ERASED: Erasure = { requests: 0, uploads: 0, bookings: 0, alerts: 0, newsletter: 0, mails: 0, testimonials: 0, crmRefs: [] };

/** What the site holds about `email` (art. 15), under every spelling of its mailbox: each room's own answer. */
export async function findSubject(env: DoorEnv, email: string): Promise<SubjectData> {
  const person = await personOf(env.DB, email);
  const parts = await Promise.all(ALL_DOORS.map((door) => door.find(env, person)));
  return Object.assign({ ...NOTHING, email }, ...parts) as SubjectData;
}

/** Every room forgets its rows that hang on these requests (bookings give back their places, testimonials go with their photos). */
export async function forgetRequests(env: DoorEnv, requests: readonly string[], now: Date): Promise<Erasure> {
  let erased = NONE_ERASED;
  for (const door of ALL_DOORS) if (door.forgetRequests) erased = addErasures(erased, await door.forgetRequests(env, requests, now));
  return erased;
}

/**
 * "Erase everything" for one address (art. 17), under every spelling of its mailbox: what
 * hangs on their requests first, then every room's own rows; nothing of it is left in D1 or
 * R2, the delivery log's copies of its requests included.
 */
export async function eraseSubject(env: DoorEnv, email: string, now: Date): Promise<Erasure> {
  const person = await personOf(env.DB, email);
  let erased = await forgetRequests(env, person.requests, now);
  for (const door of ALL_DOORS) erased = addErasures(erased, await door.erase(env, person, now));
  return erased;
}

/** Ends every subscription of an address (alerts, the newsletter), keeping the record of their end (art. 7.3). */
export async function endSubscriptions(env: DoorEnv, email: string, now: Date): Promise<number> {
  const person = await personOf(env.DB, email);
  let ended = 0;
  for (const door of ALL_DOORS) if (door.endSubscriptions) ended += await door.endSubscriptions(env, person, now);
  return ended;
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
