/**
 * Owners who log in with the credentials their agency's CRM already gave them: the site
 * asks the CRM whether the e-mail and password are an owner's, and never keeps the
 * password. The site's own limits, lockout and sessions stay in front of it
 * (worker/owners/auth.ts). A CRM that cannot check logins has no entry here.
 */
import type { AdapterName, FeedSettings } from '../../content/crm-feeds.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';
import { omnicasaCall } from '../../content/crm-api.ts';

/** The owner the CRM knows behind valid credentials. */
export interface CrmOwner {
  email: string;
  name: string;
}

/** null: not an owner's valid login. Throws when the CRM could not answer. */
export type OwnerLoginCheck = (email: string, password: string, settings: FeedSettings, fetcher: Fetcher) => Promise<CrmOwner | null>;

/** Omnicasa's CheckPersonLogin, for proprietors: the person behind the login, or no value. */
async function omnicasaOwner(email: string, password: string, settings: FeedSettings, fetcher: Fetcher): Promise<CrmOwner | null> {
  const value = (await omnicasaCall(settings, fetcher, 'CheckPersonLogin', { Email: email, Password: password, IsProprietors: true })) as {
    Email?: unknown;
    FirstName?: unknown;
    Name?: unknown;
  } | null;
  if (!value || typeof value.Email !== 'string' || value.Email.toLowerCase() !== email.toLowerCase()) return null;
  return { email: value.Email, name: [value.FirstName, value.Name].filter((p) => typeof p === 'string' && p !== '').join(' ') };
}

export const OWNER_LOGINS: { [A in AdapterName]: OwnerLoginCheck | null } = {
  feed: null,
  omnicasa: omnicasaOwner,
  whise: null,
  sweepbright: null,
};
