/**
 * The one way the site sends mail: the Email Service binding's structured send, which
 * delivers to any recipient, and a line in the D1 delivery log for every attempt, sent or
 * failed. A failed send is logged and thrown, so the queue that asked for it retries.
 *
 * It sends only to a `Recipient`, which the mail gate alone hands out; every header value
 * goes out as one line; the log keeps every mail with its link tokens redacted.
 */
import { headerLine, type OutgoingMail } from './message.ts';
import { redactTokens } from './redact.ts';
import type { Recipient } from './gate.ts';
import type { MailKind } from './kinds.ts';
import { mailboxKey } from '../../domain/rules/mailbox.ts';
import type { Bindings } from '../env.ts';

/**
 * Sends one mail of `kind` (MAIL_KINDS: its one name, which the delivery log keeps) to an
 * address the gate let through. `about`: the address of the person the mail is about when
 * that is not its recipient (the agency's copy of a visitor's request), so the log row is
 * found when that person asks to see or erase their data.
 */
export type Mailer = (from: string, to: Recipient, mail: OutgoingMail, kind: MailKind, about?: string | null) => Promise<void>;

/** The delivery log's key for a person: a hash of their mailbox as the mail gate folds it (`J.Doe+x@googlemail.com` is `jdoe@gmail.com`). */
export async function subjectKey(address: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`mail-log:${mailboxKey(address)}`)));
  return Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type MailEnv = Pick<Bindings, 'EMAIL' | 'DB'> & { MAIL_LOG_LINKS?: string | undefined };

async function logDelivery(
  db: D1Database,
  row: { to: string; about: string; kind: string; mail: OutgoingMail; status: 'sent' | 'failed'; messageId: string | null; error: string | null },
  now: Date,
  /** A local run keeps the links (MAIL_LOG_LINKS = "kept"); a deployed site never does. */
  keepLinks = false,
): Promise<void> {
  // How long the log keeps a mail is the retention schedule's ('mail-log'), applied by the daily run.
  const logged = { subject: row.mail.subject, text: row.mail.text, html: row.mail.html, headers: JSON.stringify(row.mail.headers ?? {}), error: row.error ?? '' };
  const kept = keepLinks ? logged : redactTokens(logged);
  await db
    .prepare('INSERT INTO mail_log (recipient, about, kind, subject, text, html, headers, status, message_id, error, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(row.to, await subjectKey(row.about), row.kind, kept.subject, kept.text, kept.html, kept.headers, row.status, row.messageId, row.error === null ? null : kept.error, now.toISOString())
    .run();
}

/** The mail as it may leave: its subject and every header one line, a Reply-To that is one address or none. */
function oneLineHeaders(mail: OutgoingMail): OutgoingMail {
  const replyTo = mail.replyTo && headerLine(mail.replyTo) === mail.replyTo && /^[^\s<>@,;]+@[^\s<>@,;]+$/.test(mail.replyTo) ? mail.replyTo : undefined;
  const headers = mail.headers ? Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, headerLine(value)])) : undefined;
  return { subject: headerLine(mail.subject), text: mail.text, html: mail.html, ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}) };
}

export function bindingMailer(env: MailEnv): Mailer {
  return async (from, to, original, kind, about) => {
    const mail = oneLineHeaders(original);
    let messageId: string | null;
    try {
      const result = await env.EMAIL.send({
        from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      messageId = result?.messageId ?? null;
    } catch (error) {
      await logDelivery(env.DB, { to, about: about ?? to, kind, mail, status: 'failed', messageId: null, error: String(error).slice(0, 500) }, new Date(), env.MAIL_LOG_LINKS === 'kept');
      throw error;
    }
    await logDelivery(env.DB, { to, about: about ?? to, kind, mail, status: 'sent', messageId, error: null }, new Date(), env.MAIL_LOG_LINKS === 'kept');
  };
}

/**
 * Since when every delivery has failed (nothing sent after the first failure), with the
 * count; null while mail flows.
 */
export async function failingSince(db: D1Database): Promise<{ since: string; failed: number } | null> {
  const row = await db
    .prepare("SELECT MIN(sent_at) AS since, COUNT(*) AS failed FROM mail_log WHERE status = 'failed' AND sent_at > COALESCE((SELECT MAX(sent_at) FROM mail_log WHERE status = 'sent'), '')")
    .first<{ since: string | null; failed: number }>();
  return row?.since ? { since: row.since, failed: row.failed } : null;
}
