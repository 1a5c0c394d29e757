/**
 * The scheduled run (every 15 minutes), the worker's one entry for scheduled work: the CRM
 * pull when one is configured (it publishes, and the version it publishes carries its news),
 * the agency's calendar read into visit slots when it publishes one,
 * then the live version's news matched against the alerts (once per version, so a publish
 * whose hook already matched it is not matched again), then the digests that are due. The
 * pull and the alerts do not know each other. The pages the live version changed are queued
 * to be rendered before anyone asks (once per version). A failure is logged and the next run tries
 * again; nothing here loses a visitor's data. Then the outbox sweep sends again what a
 * mail outage kept back, and raises the agency's alarm when mail has failed for an hour.
 * Last, once a day, the retention schedule erases what its period has ended.
 */
import { matchAlerts, queueDigests } from './alerts/fan-out.ts';
import { ContentNotPublishedError, ContentRepository } from './live/repository.ts';
import { dailyRetention } from './privacy/retention-run.ts';
import { reportRetentionFailure } from './privacy/mails.tsx';
import { scheduledPull } from './crm/scheduled-pull.ts';
import { sweepOutbox } from './outbox/sweep.ts';
import { syncAgenda } from './visits/agenda-sync.ts';
import { warmPublished } from './warm/warm-pages.ts';
import type { Bindings } from './env.ts';

export async function runSchedule(env: Bindings, now: Date): Promise<{ matched: number; digests: number }> {
  await scheduledPull(env, now).catch((error: unknown) => console.error('CRM pull failed', error));
  // First after a publish: crawlers and visitors find the changed pages rendered.
  await warmPublished(env, now).catch((error: unknown) => console.error('pages not warmed', error));
  // After the pull: a calendar event names listings as the new catalogue has them.
  const agenda = await syncAgenda(env, now);
  if (agenda.status === 'failed') console.error('agenda not read', agenda.error);
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
  // Whatever the queue gave up on during a mail outage is sent again, for days.
  await sweepOutbox(env, now).catch((error: unknown) => console.error('outbox sweep failed', error));
  await dailyRetention(env, await agencyRetention(env), now, (failure) => reportRetentionFailure(env, failure));
  return { matched, digests };
}

/** The agency's retention periods (site.json), the defaults while no content is published. */
async function agencyRetention(env: Bindings): Promise<Record<string, number> | undefined> {
  try {
    const repo = await ContentRepository.open(env.CONTENT);
    return (await repo.site((await repo.routing()).defaultLang)).retention;
  } catch {
    return undefined;
  }
}
