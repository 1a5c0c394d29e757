/**
 * SweepBright's Website API, as its public client (fw4-bvba/sweepbright-api) calls it: an
 * OAuth client-credentials token, then calls whose media type names the API version.
 */
import * as z from 'zod';
import { FeedError, type Fetcher } from '../../crm-bounds.ts';
import { answerOf, CrmRefused, json, type CrmConnection } from '../answers.ts';

/** The API version the client speaks, sent as the media type of every call. */
export const SWEEPBRIGHT_ACCEPT = 'application/vnd.sweepbright.v20190920+json';

/** A client-credentials token: CRM_USER is the client id, CRM_PASSWORD the client secret. */
export async function sweepbrightToken(settings: CrmConnection, fetcher: Fetcher): Promise<string> {
  const answer = answerOf(
    z.looseObject({ access_token: z.string().min(1) }),
    await json(
      await fetcher(`${settings.url}/oauth/token`, {
        method: 'POST',
        headers: { Accept: SWEEPBRIGHT_ACCEPT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: settings.user, client_secret: settings.password }),
      }),
      'SweepBright oauth/token',
    ),
    'SweepBright oauth/token',
  );
  return answer.access_token;
}

/** One authenticated call; its JSON (or null for an empty answer), null for 404, CrmRefused for 422, a FeedError otherwise. */
export async function sweepbrightCall(settings: CrmConnection, fetcher: Fetcher, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetcher(`${settings.url}/${path}`, {
    method,
    headers: { Accept: SWEEPBRIGHT_ACCEPT, Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 404) return null;
  if (response.status === 422) {
    const detail = z.looseObject({ errors: z.unknown().optional() }).safeParse(await response.json().catch(() => null));
    throw new CrmRefused(`SweepBright ${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: refused ${JSON.stringify((detail.success ? detail.data.errors : undefined) ?? {}).slice(0, 300)}`);
  }
  if (response.status === 204 || response.headers.get('Content-Length') === '0') {
    if (!response.ok) throw new FeedError(`SweepBright ${method} ${path} answered ${response.status}`);
    return null;
  }
  return json(response, `SweepBright ${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`);
}
