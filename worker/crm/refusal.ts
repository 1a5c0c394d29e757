/**
 * A refused CRM pull, as the scheduled pull reports it to the agency: why, in one word,
 * what it found, and when. The queue carries it to the outbox, which writes the mail.
 */
import * as z from 'zod';

export const REFUSAL_REASONS = ['unreachable', 'out-of-bounds', 'invalid-record', 'empty', 'mass-withdrawal', 'mass-price-change', 'mass-status-change', 'implausible-record', 'no-content'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const CrmRefusedMessage = z.strictObject({
  crmRefused: z.strictObject({ reason: z.enum(REFUSAL_REASONS), summary: z.string(), at: z.string() }),
});
export type CrmRefusedMessage = z.infer<typeof CrmRefusedMessage>;
