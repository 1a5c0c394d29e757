/**
 * How long a failed mail waits before its next try: doubling from 20 s after the first
 * delivery, capped at 5 minutes, so a short outage is bridged and a long one not hammered.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** attempts);
}
