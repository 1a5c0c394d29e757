/**
 * The scheduled run (every 15 minutes): the CRM pull when one is configured, then the live
 * version's news matched against the alerts if its publish did not (the hook is optional),
 * then the digests that are due. A failure is logged and the next run tries again; nothing
 * here loses a visitor's data.
 */
import { matchAlerts, queueDigests } from './fan-out.ts';
import { ContentNotPublishedError } from '../content/repository.ts';
import { scheduledPull } from '../crm/scheduled-pull.ts';

export async function runSchedule(env: Env, now: Date): Promise<{ matched: number; digests: number }> {
  await scheduledPull(env, now).catch((error: unknown) => console.error('CRM pull failed', error));
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
