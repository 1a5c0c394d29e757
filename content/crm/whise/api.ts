/**
 * Whise's API as its public clients call it: two tokens (the API user's, then the
 * agency's client and office), then JSON posts carrying the client token; a request
 * Whise did not take answers `isValidRequest: false`.
 */
import * as z from 'zod';
import type { Fetcher } from '../../crm-bounds.ts';
import { answerOf, json, type CrmConnection } from '../answers.ts';

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

/** Whise's word on a request, when its answer carries one: `isValidRequest: false` is a refusal. */
export const VALIDITY = z.looseObject({ isValidRequest: z.boolean().optional() }).nullable();
