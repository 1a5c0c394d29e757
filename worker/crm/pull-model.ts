/**
 * How a CRM's listings reach the site, as the scheduled pull's one hook: a CRM that can be
 * listed is read by the pull as it is; a CRM that pushes announces each estate
 * by webhook, is read for what it announced and only then, its photos kept in R2 while their
 * addresses can still be read, and is told after a publish where the site shows each estate.
 */
import type { FeedPull } from '../../content/crm/pull.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';
import { ContentRepository } from '../live/repository.ts';
import { siteOrigin } from '../config/site-origin.ts';
import type { Bindings } from '../env.ts';
import { markAnnounced, pendingAnnouncements } from './pushed-listings.ts';
import { capabilityOf, type FeedSettings } from '../../content/crm/adapters.ts';
import type { ListingPush } from '../../content/crm/adapter.ts';
import { keepPhotos } from './kept-photos.ts';

type PendingAnnouncements = Awaited<ReturnType<typeof pendingAnnouncements>>;
type ModelEnv = Pick<Bindings, 'DB' | 'FILES' | 'CONTENT' | 'SITE_ORIGIN'>;

export interface PullModel {
  /** What this run reads: for a pushing CRM what its webhook announced, null when it announced nothing. */
  toRead(env: ModelEnv): Promise<PendingAnnouncements | null>;
  /** The pull made ready to publish. */
  prepare(env: ModelEnv, pull: FeedPull, fetcher: Fetcher): Promise<FeedPull>;
  /** The run went through (published or not): what it read is done. */
  read(env: ModelEnv, pending: PendingAnnouncements, now: Date): Promise<void>;
  /** A version was published: the CRM is told what it needs to know. */
  published(env: ModelEnv, settings: FeedSettings, fetcher: Fetcher, pending: PendingAnnouncements): Promise<void>;
}

const NOTHING_PENDING: PendingAnnouncements = { rows: [], announced: [] };

const LISTED: PullModel = {
  toRead: async () => NOTHING_PENDING,
  prepare: async (_env, pull) => pull,
  read: async () => undefined,
  published: async () => undefined,
};

function pushed(push: ListingPush): PullModel {
  return {
    async toRead(env) {
      const pending = await pendingAnnouncements(env.DB);
      return pending.rows.length === 0 ? null : pending;
    },
    // Photos on addresses that expire are kept in R2 while they can still be read.
    async prepare(env, pull, fetcher) {
      return pull.kind === 'changes' ? { ...pull, changed: (await keepPhotos(env.FILES, pull.changed, fetcher)).records } : pull;
    },
    async read(env, pending, now) {
      await markAnnounced(env.DB, pending.rows, now);
    },
    // Where the site now shows each estate it announced (in the site's first language).
    async published(env, settings, fetcher, pending) {
      const repo = await ContentRepository.open(env.CONTENT);
      const cards = new Map((await repo.listing((await repo.routing()).defaultLang)).map((c) => [c.id, c.path]));
      const origin = siteOrigin(env);
      const shown = new Map<string, string>();
      for (const estate of pending.announced) {
        const path = cards.get(estate.id);
        if (estate.event !== 'estate-deleted' && path) shown.set(estate.ref, `${origin}${path}`);
      }
      await push.reportAddresses(
        settings,
        fetcher,
        [...shown].map(([ref, url]) => ({ ref, url })),
      );
    },
  };
}

/** The model of a CRM: pushed when it receives listings by webhook, listed otherwise. */
export function pullModelOf(adapter: FeedSettings['adapter']): PullModel {
  const push = capabilityOf(adapter, 'push');
  return push ? pushed(push) : LISTED;
}
