/**
 * The scheduled run (every 15 minutes): matches the live version's news against the alerts
 * if its publish did not (the hook is optional), then queues the digests that are due.
 * A failure is logged and the next run tries again; nothing here loses a visitor's data.
 */
import { matchAlerts, queueDigests } from './fan-out.ts';
import { ContentNotPublishedError } from '../content/repository.ts';

export async function runSchedule(env: Pick<Env, 'DB' | 'CONTENT' | 'NOTIFY'>, now: Date): Promise<{ matched: number; digests: number }> {
  let matched = 0;
  try {
    matched = (await matchAlerts(env, now))?.queued ?? 0;
  } catch (error) {
    if (!(error instanceof ContentNotPublishedError)) console.error('alert matching failed', error);
  }
  const digests = await queueDigests(env, now).catch((error: unknown) => {
    console.error('digests not queued', error);
    return 0;
  });
  return { matched, digests };
}
