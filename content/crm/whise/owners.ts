/**
 * Owners in Whise: its owners log in to its owner area with the credentials the agency
 * gave them, and `estates/owned/list` answers their own estates for those credentials;
 * each estate's history is its activities (`activities/histories`). Whise keeps no portal
 * figures, so those imported by file stay.
 */
import * as z from 'zod';
import { FeedError, type Fetcher } from '../../crm-bounds.ts';
import { answerOf, readItems } from '../answers.ts';
import type { CrmOwnedProperty, CrmOwner } from '../adapter.ts';
import type { CrmSettings } from '../pull.ts';
import { VALIDITY, whisePost, whiseToken } from './api.ts';

/** Properties read per owner. */
const MAX_PROPERTIES = 50;

/**
 * Whise's owners log in to its owner area with the credentials the agency gave them;
 * `estates/owned/list` answers an owner's own estates for those credentials, and refuses
 * others (401, 403 or `isValidRequest: false`). So one call checks the login and says which
 * listings are the owner's.
 */
export async function whiseOwner(email: string, password: string, settings: CrmSettings, fetcher: Fetcher): Promise<CrmOwner | null> {
  const token = await whiseToken(settings, fetcher);
  const response = await fetcher(`${settings.url}/v1/estates/owned/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ContactUsername: email, ContactPassword: password, Field: { included: ['id'] } }),
  });
  if (response.status === 400 || response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new FeedError(`Whise estates/owned/list answered ${response.status}`);
  const answer: unknown = await response.json().catch(() => null);
  if (VALIDITY.safeParse(answer).data?.isValidRequest === false) return null;
  const body = answerOf(z.looseObject({ estates: z.array(z.unknown()) }), answer, 'Whise estates/owned/list');
  const ids = body.estates.flatMap((e) => {
    const estate = z.looseObject({ id: z.number() }).safeParse(e);
    return estate.success ? [estate.data.id] : [];
  });
  return { email, name: '', properties: ids };
}

/**
 * A Whise history activity: when, what, with whom, about which estates. Whise's owners'
 * listings come with their login (`estates/owned/list`, above); it keeps
 * no media figures, so those imported by file stay.
 */
const WhiseHistory = z.object({
  id: z.number().int(),
  createDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  subject: z.string().nullable(),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  action: z.object({ name: z.string().nullish() }).nullish(),
  contacts: z.array(z.object({ name: z.string().nullish() })).nullish(),
  estates: z.array(z.object({ id: z.number().int() })),
});

export async function whiseOwnerFigures({ properties }: { properties: readonly number[] }, settings: CrmSettings, fetcher: Fetcher): Promise<CrmOwnedProperty[]> {
  if (properties.length === 0) return [];
  const token = await whiseToken(settings, fetcher);
  const answer = answerOf(
    z.looseObject({ activities: z.array(z.unknown()) }),
    await whisePost(settings, fetcher, token, '/v1/activities/histories', { Filter: { EstateIds: properties.slice(0, MAX_PROPERTIES) } }),
    'Whise activities/histories',
  );
  const activities = readItems(answer.activities, WhiseHistory, 'Whise activities/histories');
  return properties.slice(0, MAX_PROPERTIES).map((id) => ({
    id,
    history: activities
      .filter((a) => a.estates.some((e) => e.id === id))
      .map((a) => ({
        date: a.createDateTime.slice(0, 10),
        type: (a.action?.name ?? '').slice(0, 40),
        contact: (a.contacts ?? [])
          .map((c) => c.name ?? '')
          .filter(Boolean)
          .join(', ')
          .slice(0, 120),
        subject: (a.subject ?? '').slice(0, 200),
        comment: a.description.slice(0, 2000),
        status: '',
        source: 'Whise',
      })),
    media: null,
  }));
}
