import { leadEmail } from './agency-lead.tsx';
import { appointmentConfirmation, projectBrochure, rentalApplicationConfirmation, requestAcknowledgement } from './visitor-confirmations.tsx';
import { ContentRepository } from '../live/repository.ts';
import { claimNotification, findLead, leadMailSent, recordLeadMail, recordNotifyFailure } from '../leads/store.ts';
import { readStoredLead, type StoredLead } from '../leads/stored-lead.ts';
import { sendOwnerLocked, sendOwnerReset } from './owner.tsx';
import { siteOrigin } from '../config/site-origin.ts';
import { retryDelaySeconds } from '../leads/retry-policy.ts';
import { FORMS, type VisitorMail } from '../forms/registry.ts';
import { alertConfirmationOfLead, sendAlertMail } from './alert.tsx';
import { friendOfLead } from './friend.tsx';
import { crmRefusedMail } from './crm-refused.tsx';
import { crmHeldMail } from './crm-held.tsx';
import { landConflictMail } from './land-conflict.tsx';
import type { OutgoingMail } from '../mail/message.ts';
import { bindingMailer, type Mailer } from '../mail/send.ts';
import type { MailKind } from '../mail/kinds.ts';
import { readMessage, type MessageKind, type MessageOf, type QueueMessage } from '../queues/messages.ts';
import { keepDeadLetter } from './dead-letters.ts';
import { deliveryAlarmMail } from './delivery-alarm.tsx';
import { agencyInbox, recipientOfPass, type Recipient } from '../mail/gate.ts';
import { pushLead } from './crm-push.ts';
import { sendPrivacyErased, sendPrivacyLink, sendPrivacyRunFailed } from '../privacy/mails.tsx';
import type { Bindings } from '../env.ts';

export type { Mailer, OutgoingMail };
export type { NotifyEnv } from './notify-env.ts';
import type { NotifyEnv } from './notify-env.ts';
import { newsletterConfirmation } from './newsletter.tsx';
import { selectionOfLead } from './selection.tsx';

export type { LeadMessage as NotifyMessage } from '../queues/messages.ts';

type Compose = (lead: StoredLead, repo: ContentRepository, env: NotifyEnv) => Promise<OutgoingMail | null>;

/**
 * How each visitor mail a form names (FORMS[name].mails.visitor) is composed; its sending is
 * recorded under the same name (MAIL_KINDS). A new kind without its entry does not type-check.
 */
const VISITOR_MAILS: Record<VisitorMail, Compose> = {
  'appointment-confirmation': appointmentConfirmation,
  'rental-confirmation': rentalApplicationConfirmation,
  'project-brochure': projectBrochure,
  'alert-confirmation': alertConfirmationOfLead,
  friend: (lead, repo, env) => friendOfLead(lead, repo, siteOrigin(env)),
  'newsletter-confirmation': newsletterConfirmation,
  selection: selectionOfLead,
  'request-acknowledgement': requestAcknowledgement,
};

/**
 * Sends the mails of one lead, each once and each on its own: the agency's failing never
 * keeps the visitor's confirmation back, nor the reverse. A second delivery of the same
 * message finds what was already sent; a retry after a partial failure sends only what is
 * missing. When a mail failed, the claim is released, the lead keeps the error for
 * `npm run mail -- pending`, and the call throws so the queue (or the sweep) tries again.
 */
export async function notifyLead(env: NotifyEnv, leadId: string, mail: Mailer = bindingMailer(env)): Promise<'sent' | 'already-sent' | 'unknown'> {
  const row = await findLead(env.DB, leadId);
  if (!row) return 'unknown';
  // Read once, through its form's schema: every mail below gets the same typed values.
  const lead = readStoredLead(row);
  // The claim lets one delivery at a time work on a lead; each mail is recorded once sent.
  if (!(await claimNotification(env.DB, leadId))) return 'already-sent';
  const failures: string[] = [];
  const once = async (kind: MailKind, to: () => Promise<Recipient | null>, compose: () => Promise<OutgoingMail | null>) => {
    try {
      if (await leadMailSent(env.DB, leadId, kind)) return;
      const recipient = await to();
      const outgoing = recipient ? await compose() : null;
      if (!recipient || !outgoing) return;
      // Every mail of a lead is about the visitor who sent it: the agency's copy and a friend's mail included.
      await mail(env.MAIL_FROM, recipient, outgoing, kind, row.email);
      await recordLeadMail(env.DB, leadId, kind);
    } catch (error) {
      failures.push(`${kind}: ${String(error).slice(0, 200)}`);
    }
  };
  let repo: ContentRepository;
  try {
    repo = await ContentRepository.open(env.CONTENT);
  } catch (error) {
    failures.push(`content: ${String(error).slice(0, 200)}`);
    await recordNotifyFailure(env.DB, leadId, failures.join('; '));
    throw error;
  }
  const mails = FORMS[row.kind].mails;
  if (mails.agency)
    await once(
      'agency-lead',
      async () => agencyInbox(env),
      async () => leadEmail(lead, repo, (await repo.routing()).defaultLang, env.DB, siteOrigin(env)),
    );
  // The address the visitor typed: only the one the mail gate let through when the form was posted.
  const visitorMail = mails.visitor;
  if (visitorMail)
    await once(
      visitorMail,
      () => recipientOfPass(env.DB, row.mail_pass),
      () => VISITOR_MAILS[visitorMail](lead, repo, env),
    );
  if (failures.length === 0) return 'sent';
  await recordNotifyFailure(env.DB, leadId, failures.join('; '));
  throw new Error(`lead ${leadId}: ${failures.join('; ')}`);
}

type Sender<K extends MessageKind> = (message: MessageOf<K>, env: NotifyEnv) => Promise<unknown>;

export type OutboxEnv = NotifyEnv & Pick<Bindings, 'NOTIFY'>;

/**
 * What sends each kind of queue message. A kind of QUEUE_MESSAGES without its sender here
 * does not compile.
 */
const SENDERS: { [K in MessageKind]: Sender<K> } = {
  lead: (message, env) => notifyLead(env, message.leadId),
  ownerReset: (message, env) => sendOwnerReset(env, message, bindingMailer(env)),
  ownerLocked: (message, env) => sendOwnerLocked(env, message, bindingMailer(env)),
  alertMail: (message, env) => sendAlertMail(env, message.alertMail.alertId, bindingMailer(env)),
  crmRefused: async (message, env) => bindingMailer(env)(env.MAIL_FROM, agencyInbox(env), await crmRefusedMail(env, message), 'crm-refused'),
  deliveryAlarm: async (message, env) => bindingMailer(env)(env.MAIL_FROM, agencyInbox(env), await deliveryAlarmMail(env, message), 'delivery-alarm'),
  crmPush: (message, env) => pushLead(env, message.crmPush.leadId),
  crmHeld: async (message, env) => bindingMailer(env)(env.MAIL_FROM, agencyInbox(env), await crmHeldMail(env, message), 'crm-held'),
  landConflict: async (message, env) => bindingMailer(env)(env.MAIL_FROM, agencyInbox(env), await landConflictMail(env, message), 'land-conflict'),
  privacyLink: (message, env) => sendPrivacyLink(env, message, bindingMailer(env)),
  privacyErased: (message, env) => sendPrivacyErased(env, message, bindingMailer(env)),
  privacyRunFailed: (message, env) => sendPrivacyRunFailed(env, message, bindingMailer(env)),
};

/** Sends what one message asks for; throws when a mail failed. */
export function dispatch(message: QueueMessage, env: NotifyEnv): Promise<unknown> {
  const send = SENDERS[message.kind] as Sender<MessageKind>;
  return send(message.body as never, env);
}

/**
 * The notification queue's consumer: each message read once through the union, sent, and
 * acked; a failed one retried later (the queue moves it to the dead-letter queue after its
 * last try); a body no producer writes is logged and kept as a dead letter, never acked in
 * silence.
 */
export async function handleNotifications(batch: MessageBatch<unknown>, env: NotifyEnv): Promise<void> {
  for (const message of batch.messages) {
    const read = readMessage(message.body);
    if (!read) {
      console.error('unreadable queue message kept as a dead letter', message.id);
      try {
        await keepDeadLetter(env.DB, { kind: null, body: message.body, reason: 'unreadable', error: 'no producer writes this body' });
        message.ack();
      } catch (error) {
        console.error('dead letter not kept', error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
      continue;
    }
    try {
      await dispatch(read, env);
      message.ack();
    } catch (error) {
      console.error('mail failed', read.kind, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/**
 * The dead-letter queue's consumer: what the queue gave up on is kept in D1, where the
 * scheduled sweep tries it again for days and `npm run mail -- pending` lists it. A lead
 * needs nothing more: the lead itself is the record the sweep finds.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, env: NotifyEnv): Promise<void> {
  for (const message of batch.messages) {
    const read = readMessage(message.body);
    try {
      if (read?.kind !== 'lead') await keepDeadLetter(env.DB, { kind: read?.kind ?? null, body: message.body, reason: read ? 'retries-exhausted' : 'unreadable', error: null });
      else console.error('lead left to the sweep after the queue gave up', read.body.leadId);
      message.ack();
    } catch (error) {
      console.error('dead letter not kept', error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
