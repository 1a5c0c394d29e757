/**
 * A plain feed: a URL answering the complete list in the content's own shape (as
 * `crm:sync --file` takes), with a bearer token when the feed asks for one. It takes no
 * leads and keeps no agenda.
 */
import type { Fetcher, PullBudget } from '../../crm-bounds.ts';
import { json } from '../answers.ts';
import { budgetOf, records, type FeedPull, type CrmSettings } from '../pull.ts';
import type { CrmAdapter } from '../adapter.ts';

/** A URL answering the complete list in the content's shape (as `crm:sync --file` takes). */
export async function pullFeed(settings: CrmSettings, fetcher: Fetcher, budget?: PullBudget): Promise<FeedPull> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (settings.user) headers.Authorization = `Bearer ${settings.user}`;
  const list = records(await json(await fetcher(settings.url, { headers }), 'the feed'), 'the feed');
  budgetOf(settings, budget).spendRecords(list.length);
  return { kind: 'complete', records: list };
}

export const feed: CrmAdapter = {
  pull: (settings, context, fetcher) => pullFeed(settings, fetcher, context.budget),
};
