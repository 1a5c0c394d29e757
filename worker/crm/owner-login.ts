/**
 * Owners who log in with the credentials their agency's CRM already gave them: the site
 * asks the CRM whether the e-mail and password are an owner's, and never keeps the
 * password. The site's own limits, lockout and sessions stay in front of it
 * (worker/owners/auth.ts). A CRM that cannot check logins has no entry here.
 */
import * as z from 'zod';
import type { AdapterName, FeedSettings } from '../../content/crm-feeds.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';
import { answerOf, omnicasaCall, VALIDITY, whiseToken } from '../../content/crm-api.ts';
import { FeedError } from '../../content/crm-bounds.ts';

/** The owner the CRM knows behind valid credentials. */
export interface CrmOwner {
  email: string;
  name: string;
  /** The owner's listings, when the CRM answers them with the login (Whise); null when it does not. */
  properties: number[] | null;
}

/** null: not an owner's valid login. Throws when the CRM could not answer. */
export type OwnerLoginCheck = (email: string, password: string, settings: FeedSettings, fetcher: Fetcher) => Promise<CrmOwner | null>;

/** The person Omnicasa's CheckPersonLogin answers: an answer without an address is no login. */
const OMNICASA_PERSON = z.looseObject({ Email: z.string(), FirstName: z.string().nullish(), Name: z.string().nullish() });

/** Omnicasa's CheckPersonLogin, for proprietors: the person behind the login, or no value. */
async function omnicasaOwner(email: string, password: string, settings: FeedSettings, fetcher: Fetcher): Promise<CrmOwner | null> {
  const read = OMNICASA_PERSON.safeParse(await omnicasaCall(settings, fetcher, 'CheckPersonLogin', { Email: email, Password: password, IsProprietors: true }));
  const value = read.success ? read.data : null;
  if (!value || value.Email.toLowerCase() !== email.toLowerCase()) return null;
  return { email: value.Email, name: [value.FirstName, value.Name].filter((p) => typeof p === 'string' && p !== '').join(' '), properties: null };
}

/**
 * Whise's owners log in to its owner area with the credentials the agency gave them;
 * `estates/owned/list` answers an owner's own estates for those credentials, and refuses
 * others (401, 403 or `isValidRequest: false`). So one call checks the login and says which
 * listings are the owner's.
 */
async function whiseOwner(email: string, password: string, settings: FeedSettings, fetcher: Fetcher): Promise<CrmOwner | null> {
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

export const OWNER_LOGINS: { [A in AdapterName]: OwnerLoginCheck | null } = {
  feed: null,
  omnicasa: omnicasaOwner,
  whise: whiseOwner,
  sweepbright: null,
};
