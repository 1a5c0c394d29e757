/**
 * What the owners' forms ask the outbox to send: a reset link, or the warning that the
 * account was locked. Each names the owner and the mail gate's pass for their address.
 */
/**
 * The queue message asking for a reset mail; `loginPath` is the login page of the language
 * the owner used. It carries no origin: links are built from SITE_ORIGIN alone.
 */
export interface OwnerResetMessage {
  /** `pass`: the mail gate's pass for the owner's address, from the owner's own budget. */
  ownerReset: { ownerId: number; token: string; lang: string; loginPath: string; pass: string };
}

/** The queue message telling an owner their account was locked after too many failed logins. */
export interface OwnerLockedMessage {
  ownerLocked: { ownerId: number; lang: string; loginPath: string; minutes: number; pass: string };
}

export function isOwnerLockedMessage(body: unknown): body is OwnerLockedMessage {
  if (typeof body !== 'object' || body === null || !('ownerLocked' in body)) return false;
  const m = body.ownerLocked;
  return (
    typeof m === 'object' &&
    m !== null &&
    'ownerId' in m &&
    typeof m.ownerId === 'number' &&
    'lang' in m &&
    typeof m.lang === 'string' &&
    'loginPath' in m &&
    typeof m.loginPath === 'string' &&
    'minutes' in m &&
    typeof m.minutes === 'number' &&
    'pass' in m &&
    typeof m.pass === 'string'
  );
}

export function isOwnerResetMessage(body: unknown): body is OwnerResetMessage {
  if (typeof body !== 'object' || body === null || !('ownerReset' in body)) return false;
  const r = body.ownerReset;
  return (
    typeof r === 'object' &&
    r !== null &&
    'ownerId' in r &&
    typeof r.ownerId === 'number' &&
    'token' in r &&
    typeof r.token === 'string' &&
    'lang' in r &&
    typeof r.lang === 'string' &&
    'loginPath' in r &&
    typeof r.loginPath === 'string' &&
    'pass' in r &&
    typeof r.pass === 'string'
  );
}
