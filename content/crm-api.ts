/**
 * How the site speaks to each CRM's API, for every call it makes (the pull of listings,
 * the push of leads): an answer read as JSON or refused, Omnicasa's `…Json?json=` calls with
 * the customer's credentials and their `{Method}JsonResult` envelope, Whise's two tokens.
 * A CRM's failure is a FeedError with what answered what, never a half-read answer.
 */
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
  const body = (await json(await fetcher(`${settings.url}/${method}Json?json=${query}`), `Omnicasa ${method}`)) as Record<
    string,
    { Success?: boolean; Value?: unknown; ErrorMessage?: string } | undefined
  > | null;
  const result = body?.[`${method}JsonResult`];
  if (!result) throw new FeedError(`Omnicasa ${method}: no result`);
  if (!result.Success) throw new CrmRefused(`Omnicasa ${method}: ${result.ErrorMessage ?? 'refused'}`);
  return result.Value;
}

/** Whise's client token: the API user's token first, then the agency's (client and office). */
export async function whiseToken(settings: CrmConnection, fetcher: Fetcher): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetcher(`${settings.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const user = (await json(await post('/token', { Username: settings.user, Password: settings.password }), 'Whise /token')) as { token?: unknown };
  if (typeof user.token !== 'string') throw new FeedError('Whise /token: no token');
  const client = (await json(await post('/v1/admin/clients/token', { ClientId: Number(settings.clientId), OfficeId: Number(settings.officeId) }, user.token), 'Whise clients/token')) as {
    token?: unknown;
  };
  if (typeof client.token !== 'string') throw new FeedError('Whise clients/token: no token');
  return client.token;
}

/** One Whise call with the client token: its JSON body, or a FeedError. */
export async function whisePost(settings: CrmConnection, fetcher: Fetcher, token: string, path: string, body: unknown): Promise<unknown> {
  const answer = await fetcher(`${settings.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return json(answer, `Whise ${path}`);
}
