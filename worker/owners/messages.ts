/**
 * What the owners' forms ask the outbox to send: a reset link, or the warning that the
 * account was locked. Each names the owner and the mail gate's pass for their address.
 * The schemas are what the queue consumer reads a message with.
 */
import * as z from 'zod';

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

export function isOwnerLockedMessage(body: unknown): body is OwnerLockedMessage {
  return OwnerLockedMessage.safeParse(body).success;
}

export function isOwnerResetMessage(body: unknown): body is OwnerResetMessage {
  return OwnerResetMessage.safeParse(body).success;
}
