/**
 * A refused CRM pull, as the scheduled pull reports it to the agency: why, in one word,
 * what it found, and when. The queue carries it to the outbox, which writes the mail.
 */
export const REFUSAL_REASONS = ['unreachable', 'out-of-bounds', 'invalid-record', 'empty', 'mass-withdrawal', 'mass-price-change', 'mass-status-change', 'implausible-record', 'no-content'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface CrmRefusedMessage {
  crmRefused: { reason: RefusalReason; summary: string; at: string };
}

export function isCrmRefusedMessage(body: unknown): body is CrmRefusedMessage {
  if (typeof body !== 'object' || body === null || !('crmRefused' in body)) return false;
  const m = body.crmRefused;
  return (
    typeof m === 'object' &&
    m !== null &&
    'reason' in m &&
    (REFUSAL_REASONS as readonly unknown[]).includes(m.reason) &&
    'summary' in m &&
    typeof m.summary === 'string' &&
    'at' in m &&
    typeof m.at === 'string'
  );
}
