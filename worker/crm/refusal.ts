/**
 * A refused CRM pull, as the scheduled pull reports it to the agency: why, in one word,
 * what it found, and when. The queue carries it to the outbox, which writes the mail.
 */
import * as z from 'zod';
import { MASS_CHANGE_REASONS } from '../../content/crm-plausibility.ts';

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
