/**
 * How the site speaks to each CRM's API, for every call it makes (the pull of listings,
 * the push of leads): an answer read as JSON or refused, Omnicasa's `…Json?json=` calls with
 * the customer's credentials and their `{Method}JsonResult` envelope, Whise's two tokens.
 * A CRM's failure is a FeedError with what answered what, never a half-read answer.
 */
import * as z from 'zod';
import { FeedError, type Fetcher } from './crm-bounds.ts';

/** Where and as whom the site speaks to a CRM: the part of its settings every call needs. */
export interface CrmConnection {
  url: string;
  user?: string;
  password?: string;
  /** Whise: the agency's client and office. */
  clientId?: string;
  officeId?: string;
}

/**
 * An answer read by the shape the CRM's documentation gives it, at the edge: fields the site
 * does not read are let through, a field it reads that is missing or of another kind is a
 * FeedError naming the call and the field, never a value cast and read later.
 */
export function answerOf<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const read = schema.safeParse(value);
  if (read.success) return read.data;
  const issue = read.error.issues[0];
  throw new FeedError(`${what}: unexpected answer${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}`);
}

/** The answer's JSON, or a FeedError that says which call answered what. */
export async function json(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new FeedError(`${what} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new FeedError(`${what} did not answer JSON`);
  }
}

/**
 * The CRM answered, and said no: a full appointment, a refused login, a parameter it does not
 * take. Unlike an unreachable CRM, asking again the same way gets the same answer.
 */
export class CrmRefused extends FeedError {}

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

const TOKEN = z.looseObject({ token: z.string().min(1) });

/** Whise's client token: the API user's token first, then the agency's (client and office). */
export async function whiseToken(settings: CrmConnection, fetcher: Fetcher): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetcher(`${settings.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const user = answerOf(TOKEN, await json(await post('/token', { Username: settings.user, Password: settings.password }), 'Whise /token'), 'Whise /token');
  const client = answerOf(
    TOKEN,
    await json(await post('/v1/admin/clients/token', { ClientId: Number(settings.clientId), OfficeId: Number(settings.officeId) }, user.token), 'Whise clients/token'),
    'Whise clients/token',
  );
  return client.token;
}

/** One Whise call with the client token: its JSON body, or a FeedError. */
export async function whisePost(settings: CrmConnection, fetcher: Fetcher, token: string, path: string, body: unknown): Promise<unknown> {
  const answer = await fetcher(`${settings.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return json(answer, `Whise ${path}`);
}

/** Omnicasa answers a list as the list itself or as `{ Items: [...] }`; anything else holds no items. */
export function omnicasaItems(value: unknown): unknown[] {
  const read = z.union([z.array(z.unknown()), z.looseObject({ Items: z.array(z.unknown()) })]).safeParse(value);
  if (!read.success) return [];
  return Array.isArray(read.data) ? read.data : read.data.Items;
}

/** Whise's word on a request, when its answer carries one: `isValidRequest: false` is a refusal. */
export const VALIDITY = z.looseObject({ isValidRequest: z.boolean().optional() }).nullable();
