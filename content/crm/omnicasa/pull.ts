/**
 * Omnicasa's listings as records: `GetPropertyList` with `ChangeSince`, page by page, and
 * `GetDeletedPropertyIDs` since the same moment. Its properties already carry the
 * content's field names; only the status is mapped.
 */
import * as z from 'zod';
import { FeedError, Pager, PULL_LIMITS, type Fetcher, type PullBudget } from '../../crm-bounds.ts';
import { answerOf } from '../answers.ts';
import { budgetOf, PAGE, records, wholeList, type CrmSettings, type FeedPull } from '../pull.ts';
import { omnicasaCall } from './api.ts';

/** A page of listings as Omnicasa answers it: the items are judged record by record, the count by the pager. */
const OMNICASA_PAGE = z.looseObject({ Items: z.unknown().optional(), RowCount: z.unknown().optional() }).nullable();

/**
 * Omnicasa's status codes (its SubStatus) as the site's statuses; a withdrawn listing is
 * left out of the records, which withdraws it.
 */
export const OMNICASA_STATUS: Record<number, 'available' | 'option' | 'sold' | 'rented' | 'withdrawn'> = {
  1: 'available',
  2: 'option',
  3: 'sold',
  4: 'rented',
  5: 'withdrawn',
};

/** An Omnicasa property as a record: its fields already carry the content's names; the status is mapped. */
export function omnicasaRecord(item: Record<string, unknown>): Record<string, unknown> | null {
  const code = typeof item.SubStatus === 'number' ? item.SubStatus : 1;
  const status = OMNICASA_STATUS[code] ?? 'available';
  if (status === 'withdrawn') return null;
  const { SubStatus: _code, ...rest } = item;
  return { ...rest, Status: status };
}

/** GetPropertyList with ChangeSince, page by page, and GetDeletedPropertyIDs since the same moment. */
export async function pullOmnicasa(settings: CrmSettings, since: Date | null, fetcher: Fetcher, budget?: PullBudget): Promise<FeedPull> {
  const call = (method: string, params: Record<string, unknown>) => omnicasaCall(settings, fetcher, method, params);
  const changeSince = since ? { ChangeSince: since.toISOString() } : {};
  const changed: Record<string, unknown>[] = [];
  const withdrawn: number[] = [];
  let read = 0;
  const pager = new Pager('Omnicasa GetPropertyList', (settings.limits ?? PULL_LIMITS).maxPages, budgetOf(settings, budget));
  for (let offset = 0; ; offset += PAGE) {
    const value = answerOf(OMNICASA_PAGE, await call('GetPropertyList', { ...changeSince, Limit: PAGE, Offset: offset }), 'Omnicasa GetPropertyList');
    const items = records(value?.Items, 'Omnicasa GetPropertyList');
    pager.take(items, value?.RowCount);
    read += items.length;
    for (const item of items) {
      const record = omnicasaRecord(item);
      if (record) changed.push(record);
      else if (typeof item.ID === 'number') withdrawn.push(item.ID);
    }
    if (items.length < PAGE) {
      wholeList(read, value?.RowCount, 'Omnicasa GetPropertyList');
      break;
    }
  }
  if (!since) return { kind: 'complete', records: changed };
  const deleted = await call('GetDeletedPropertyIDs', changeSince);
  if (!Array.isArray(deleted)) throw new FeedError('Omnicasa GetDeletedPropertyIDs: the answer has no list of ids');
  const ids = deleted.filter((id): id is number => typeof id === 'number');
  return { kind: 'changes', changed, deleted: [...ids, ...withdrawn], ids: null };
}
