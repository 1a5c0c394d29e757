/**
 * Every message the site's queues carry, in one room below every producer and the consumers:
 * the notification queue's messages as one schema-checked union (each producer sends only
 * these, a new kind without its sender in the outbox's table does not compile), and the
 * warming queue's. `QueueBindings` types the two queue bindings by what they carry, so a
 * send of anything else does not compile; consumers read a body once, with `readMessage`.
 */
import * as z from 'zod';
import { MASS_CHANGE_REASONS } from '../../content/crm-plausibility.ts';

// ───────────── the visitor's requests ─────────────

/** A stored lead whose mails (the agency's, the visitor's) are to be sent. */
export const LeadMessage = z.strictObject({ leadId: z.string().min(1).max(64) });
export type LeadMessage = z.infer<typeof LeadMessage>;

/** A stored lead to hand to the agency's CRM (retried apart from its mails). */
export const CrmPushMessage = z.strictObject({ crmPush: z.strictObject({ leadId: z.string().min(1).max(64) }) });
export type CrmPushMessage = z.infer<typeof CrmPushMessage>;

// ───────────── owners ─────────────

/**
 * The queue message asking for a reset mail; `loginPath` is the login page of the language
 * the owner used. It carries no origin: links are built from SITE_ORIGIN alone.
 * `pass`: the mail gate's pass for the owner's address, from the owner's own budget.
 */
export const OwnerResetMessage = z.strictObject({
  ownerReset: z.strictObject({ ownerId: z.number().int(), token: z.string(), lang: z.string(), loginPath: z.string(), pass: z.string() }),
});
export type OwnerResetMessage = z.infer<typeof OwnerResetMessage>;

/** The queue message telling an owner their account was locked after too many failed logins. */
export const OwnerLockedMessage = z.strictObject({
  ownerLocked: z.strictObject({ ownerId: z.number().int(), lang: z.string(), loginPath: z.string(), minutes: z.number(), pass: z.string() }),
});
export type OwnerLockedMessage = z.infer<typeof OwnerLockedMessage>;

// ───────────── alerts ─────────────

/** The queue message asking the outbox to mail one alert everything it has not yet told. */
export const AlertMailMessage = z.strictObject({ alertMail: z.strictObject({ alertId: z.number().int() }) });
export type AlertMailMessage = z.infer<typeof AlertMailMessage>;

// ───────────── the CRM's runs ─────────────

export const REFUSAL_REASONS = ['unreachable', 'out-of-bounds', 'over-budget', 'invalid-record', 'empty', 'mass-withdrawal', ...MASS_CHANGE_REASONS, 'implausible-record', 'no-content'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const CrmRefusedMessage = z.strictObject({
  crmRefused: z.strictObject({ reason: z.enum(REFUSAL_REASONS), summary: z.string(), at: z.string() }),
});
export type CrmRefusedMessage = z.infer<typeof CrmRefusedMessage>;

/**
 * Listings a published run held back (a record the site cannot read, or a value no listing
 * can have), told to the agency once each time the set changes: the rest of the catalogue
 * is online, these keep their last published form or wait offline until the CRM is fixed.
 */
export const CrmHeldMessage = z.strictObject({
  crmHeld: z.strictObject({
    listings: z.array(z.strictObject({ id: z.number(), field: z.string().max(200), value: z.string().max(200) })).max(100),
    at: z.string(),
  }),
});
export type CrmHeldMessage = z.infer<typeof CrmHeldMessage>;

/**
 * Listings a published run shows with the CRM's value where an official layer says another
 * (a P-score, a zoning, a flood class): told to the agency once each time the set changes,
 * naming the listing, the field and both values.
 */
export const LandConflictMessage = z.strictObject({
  landConflict: z.strictObject({
    listings: z.array(z.strictObject({ id: z.number(), field: z.string().max(60), crm: z.string().max(200), layer: z.string().max(200) })).max(100),
    at: z.string(),
  }),
});
export type LandConflictMessage = z.infer<typeof LandConflictMessage>;

// ───────────── privacy ─────────────

/** The single-use link to a visitor's data: issued by the consumer, for the address the pass names. */
export const PrivacyLinkMessage = z.strictObject({ privacyLink: z.strictObject({ pass: z.string().min(1).max(64), lang: z.string().max(5) }) });
export type PrivacyLinkMessage = z.infer<typeof PrivacyLinkMessage>;

/** The agency's note of the CRM records to erase by hand after a visitor erased their data. */
export const PrivacyErasedMessage = z.strictObject({
  privacyErased: z.strictObject({ crmRefs: z.array(z.string().max(200)).min(1).max(500), at: z.string().max(40) }),
});
export type PrivacyErasedMessage = z.infer<typeof PrivacyErasedMessage>;

/** The agency told that the day's retention run keeps failing. */
export const PrivacyRunFailedMessage = z.strictObject({
  privacyRunFailed: z.strictObject({ day: z.string().max(10), tries: z.number().int(), error: z.string().max(500) }),
});
export type PrivacyRunFailedMessage = z.infer<typeof PrivacyRunFailedMessage>;

// ───────────── the agency's warnings ─────────────

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
  landConflict: LandConflictMessage,
  deliveryAlarm: DeliveryAlarmMessage,
  crmPush: CrmPushMessage,
  privacyLink: PrivacyLinkMessage,
  privacyErased: PrivacyErasedMessage,
  privacyRunFailed: PrivacyRunFailedMessage,
} as const;

export type MessageKind = keyof typeof QUEUE_MESSAGES;
export type MessageOf<K extends MessageKind> = z.infer<(typeof QUEUE_MESSAGES)[K]>;
export type QueueMessage = { [K in MessageKind]: { kind: K; body: MessageOf<K> } }[MessageKind];
/** What a producer may put on the notification queue: one of the messages above. */
export type NotifyBody = MessageOf<MessageKind>;

const KINDS = Object.keys(QUEUE_MESSAGES) as MessageKind[];

/** The message a body is, or null for a body no producer writes (logged and dead-lettered by the consumer). */
export function readMessage(body: unknown): QueueMessage | null {
  for (const kind of KINDS) {
    const parsed = QUEUE_MESSAGES[kind].safeParse(body);
    if (parsed.success) return { kind, body: parsed.data } as QueueMessage;
  }
  return null;
}

// ───────────── warming ─────────────

/** A page a publish changed, to render ahead: the content version that changed it (a message of a version no longer live is dropped). */
export const WarmMessage = z.strictObject({ version: z.string().min(1), path: z.string().regex(/^\/(?!\/)/, 'a path on this site') });
export type WarmMessage = z.infer<typeof WarmMessage>;

// ───────────── the scheduled run, one agency per message ─────────────

/** One agency's scheduled run (null: the home agency), for the moment the cron fired. */
export const ScheduleMessage = z.strictObject({
  agency: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,39}$/)
    .nullable(),
  at: z.iso.datetime(),
});
export type ScheduleMessage = z.infer<typeof ScheduleMessage>;

/** The queue bindings, typed by what they carry: a send of anything else does not compile. */
export interface QueueBindings {
  NOTIFY: Queue<NotifyBody>;
  WARM: Queue<WarmMessage>;
  SCHEDULE: Queue<ScheduleMessage>;
}
