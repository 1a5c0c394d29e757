/**
 * How long a failed mail waits before its next try: doubling from 20 s after the first
 * delivery, capped at 15 minutes. With the queue's ten tries that bridges about 80 minutes;
 * the scheduled sweep and the dead-letter consumer take over after that, for days.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(900, 10 * 2 ** attempts);
}
