/**
 * What a visitor's rights and the retention run ask the outbox to send, as queue messages:
 * a mail that fails is retried and, after the last try, kept as a dead letter the sweep
 * tries again, like a lead's. None carries personal data: the link's recipient is the mail
 * gate's pass, the agency's note names the CRM's own references.
 */
import * as z from 'zod';

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
