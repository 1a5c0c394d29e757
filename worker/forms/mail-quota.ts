/**
 * Mails to addresses a visitor typed (a friend, a newsletter confirmation, a booking
 * confirmation, a reset link) are counted per recipient and per sending address and day,
 * before anything is stored, so the site cannot be turned into a way to flood someone's
 * inbox from the agency's domain. Both keys are hashed: the counters are no address list.
 */

/** Mails one address may get from the site in a day, whatever form asked for them. */
export const MAILS_PER_RECIPIENT_PER_DAY = 3;
/** Mails one visitor (client address) may have the site send to typed addresses in a day. */
export const MAILS_PER_SENDER_PER_DAY = 6;

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type MailQuota = 'ok' | 'recipient' | 'sender';

/**
 * Takes one mail from both quotas, atomically (each counter is one upsert with RETURNING),
 * and says which one ran out, if any. Old days are dropped as new ones come.
 */
export async function reserveMail(db: D1Database, mail: { recipient: string; sender: string }, now: Date = new Date()): Promise<MailQuota> {
  const day = now.toISOString().slice(0, 10);
  const take = (scope: string, key: string) =>
    db.prepare('INSERT INTO mail_quota (scope, key, day, sent) VALUES (?1, ?2, ?3, 1) ON CONFLICT (scope, key, day) DO UPDATE SET sent = sent + 1 RETURNING sent').bind(scope, key, day);
  const [, recipient, sender] = await db.batch<{ sent: number }>([
    db.prepare('DELETE FROM mail_quota WHERE day < ?').bind(day),
    take('recipient', await digest(mail.recipient.trim().toLowerCase())),
    take('sender', await digest(mail.sender)),
  ]);
  if ((recipient?.results[0]?.sent ?? 0) > MAILS_PER_RECIPIENT_PER_DAY) return 'recipient';
  if ((sender?.results[0]?.sent ?? 0) > MAILS_PER_SENDER_PER_DAY) return 'sender';
  return 'ok';
}

/**
 * Takes one mail from a recipient's daily quota alone: for mails the site sends on its own
 * (alerts), which no visitor's address caused. Over the quota, the mail waits for a later run.
 */
export async function reserveRecipientMail(db: D1Database, recipient: string, now: Date = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const row = await db
    .prepare("INSERT INTO mail_quota (scope, key, day, sent) VALUES ('recipient', ?1, ?2, 1) ON CONFLICT (scope, key, day) DO UPDATE SET sent = sent + 1 RETURNING sent")
    .bind(await digest(recipient.trim().toLowerCase()), day)
    .first<{ sent: number }>();
  return (row?.sent ?? 0) <= MAILS_PER_RECIPIENT_PER_DAY;
}
