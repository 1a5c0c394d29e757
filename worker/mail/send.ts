/**
 * The one way the site sends mail: the Email Service binding's structured send, which
 * delivers to any recipient, and a line in the D1 delivery log for every attempt, sent or
 * failed. A failed send is logged and thrown, so the queue that asked for it retries.
 */
import type { OutgoingMail } from './message.ts';

/** How long the delivery log keeps a mail: long enough to answer a visitor's "I got nothing". */
export const MAIL_LOG_DAYS = 90;

/** Sends one mail of `kind` (what it is for: 'agency', 'confirmation', 'alert', …). */
export type Mailer = (from: string, to: string, mail: OutgoingMail, kind?: string) => Promise<void>;

export type MailEnv = Pick<Env, 'EMAIL' | 'DB'>;

async function logDelivery(db: D1Database, row: { to: string; kind: string; mail: OutgoingMail; status: 'sent' | 'failed'; messageId: string | null; error: string | null }, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - MAIL_LOG_DAYS * 86_400_000).toISOString();
  await db.batch([
    db.prepare('DELETE FROM mail_log WHERE sent_at < ?').bind(cutoff),
    db
      .prepare('INSERT INTO mail_log (recipient, kind, subject, text, html, headers, status, message_id, error, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .bind(row.to, row.kind, row.mail.subject, row.mail.text, row.mail.html, JSON.stringify(row.mail.headers ?? {}), row.status, row.messageId, row.error, now.toISOString()),
  ]);
}

export function bindingMailer(env: MailEnv): Mailer {
  return async (from, to, mail, kind = 'mail') => {
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
      await logDelivery(env.DB, { to, kind, mail, status: 'failed', messageId: null, error: String(error).slice(0, 500) }, new Date());
      throw error;
    }
    await logDelivery(env.DB, { to, kind, mail, status: 'sent', messageId, error: null }, new Date());
  };
}
