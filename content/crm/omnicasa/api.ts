/**
 * Omnicasa's API as its public clients call it: `…Json?json=` calls carrying the
 * customer's credentials, answered in a `{Method}JsonResult` envelope whose `Success` says
 * whether Omnicasa did what it was asked.
 */
import * as z from 'zod';
import { FeedError, type Fetcher } from '../../crm-bounds.ts';
import { answerOf, CrmRefused, json, type CrmConnection } from '../answers.ts';

/** One Omnicasa call: its parameters as the `json` query, the customer's credentials added; its Value, a CrmRefused, or a FeedError. */
export async function omnicasaCall(settings: CrmConnection, fetcher: Fetcher, method: string, params: Record<string, unknown>): Promise<unknown> {
  const query = encodeURIComponent(JSON.stringify({ CustomerName: settings.user, CustomerPassword: settings.password, ...params }));
  const envelope = z
    .looseObject({ [`${method}JsonResult`]: z.looseObject({ Success: z.boolean().optional(), Value: z.unknown().optional(), ErrorMessage: z.unknown().optional() }).optional() })
    .nullable();
  const body = answerOf(envelope, await json(await fetcher(`${settings.url}/${method}Json?json=${query}`), `Omnicasa ${method}`), `Omnicasa ${method}`);
  const result = body?.[`${method}JsonResult`];
  if (!result) throw new FeedError(`Omnicasa ${method}: no result`);
  if (!result.Success) throw new CrmRefused(`Omnicasa ${method}: ${typeof result.ErrorMessage === 'string' ? result.ErrorMessage : 'refused'}`);
  return result.Value;
}

/** Omnicasa answers a list as the list itself or as `{ Items: [...] }`; anything else holds no items. */
export function omnicasaItems(value: unknown): unknown[] {
  const read = z.union([z.array(z.unknown()), z.looseObject({ Items: z.array(z.unknown()) })]).safeParse(value);
  if (!read.success) return [];
  return Array.isArray(read.data) ? read.data : read.data.Items;
}
