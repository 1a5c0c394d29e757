/**
 * Every message the notification queue carries, as one schema-checked union. Producers
 * keep their own message schemas (a form's lead, the owners' mails, an alert, a refused
 * CRM run); the outbox reads a body once, here, and dispatches it through a table that
 * names every kind (consumer.ts), so a new kind without its sender does not compile.
 */
import * as z from 'zod';
import { OwnerLockedMessage, OwnerResetMessage } from '../owners/messages.ts';
import { AlertMailMessage } from '../alerts/fan-out.ts';
import { CrmHeldMessage, CrmRefusedMessage } from '../crm/refusal.ts';
import { CrmPushMessage } from './crm-push.ts';
import { PrivacyErasedMessage, PrivacyLinkMessage, PrivacyRunFailedMessage } from '../privacy/messages.ts';

/** A stored lead whose mails (the agency's, the visitor's) are to be sent. */
export const LeadMessage = z.strictObject({ leadId: z.string().min(1).max(64) });
export type LeadMessage = z.infer<typeof LeadMessage>;

/** The agency's warning that mail deliveries have been failing since `since`. */
export const DeliveryAlarmMessage = z.strictObject({ deliveryAlarm: z.strictObject({ since: z.string(), failed: z.number().int(), waiting: z.number().int() }) });
export type DeliveryAlarmMessage = z.infer<typeof DeliveryAlarmMessage>;

export const QUEUE_MESSAGES = {
  lead: LeadMessage,
  ownerReset: OwnerResetMessage,
  ownerLocked: OwnerLockedMessage,
  alertMail: AlertMailMessage,
  crmRefused: CrmRefusedMessage,
  crmHeld: CrmHeldMessage,
  deliveryAlarm: DeliveryAlarmMessage,
  crmPush: CrmPushMessage,
  privacyLink: PrivacyLinkMessage,
  privacyErased: PrivacyErasedMessage,
  privacyRunFailed: PrivacyRunFailedMessage,
} as const;

export type MessageKind = keyof typeof QUEUE_MESSAGES;
export type MessageOf<K extends MessageKind> = z.infer<(typeof QUEUE_MESSAGES)[K]>;
export type QueueMessage = { [K in MessageKind]: { kind: K; body: MessageOf<K> } }[MessageKind];

const KINDS = Object.keys(QUEUE_MESSAGES) as MessageKind[];

/** The message a body is, or null for a body no producer writes (logged and dead-lettered by the consumer). */
export function readMessage(body: unknown): QueueMessage | null {
  for (const kind of KINDS) {
    const parsed = QUEUE_MESSAGES[kind].safeParse(body);
    if (parsed.success) return { kind, body: parsed.data } as QueueMessage;
  }
  return null;
}
