/**
 * Erasing a visitor's contacts in the CRM when they erase their data from the site (GDPR
 * art. 17): the CRM's references the site kept when it sent their requests. Whise documents
 * it (`DELETE v1/contacts/delete` with `ContactIds`, as its public clients call it); Omnicasa
 * and SweepBright document no erasure, so their agency is told what to erase by hand. A new
 * adapter says here whether it can, or this does not compile.
 */
import type { AdapterName, FeedSettings } from '../../content/crm-feeds.ts';
import { VALIDITY, whiseToken } from '../../content/crm-api.ts';
import { FeedError, type Fetcher } from '../../content/crm-bounds.ts';

export type ContactEraser = (refs: readonly string[], settings: FeedSettings, fetcher: Fetcher) => Promise<void>;

async function eraseInWhise(refs: readonly string[], settings: FeedSettings, fetcher: Fetcher): Promise<void> {
  const ids = refs.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return;
  const token = await whiseToken(settings, fetcher);
  const answer = await fetcher(`${settings.url}/v1/contacts/delete`, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ContactIds: ids }),
  });
  if (!answer.ok) throw new FeedError(`Whise contacts/delete answered ${answer.status}`);
  const body = VALIDITY.safeParse(await answer.json().catch(() => null));
  if (body.success && body.data?.isValidRequest === false) throw new FeedError('Whise contacts/delete: the request was not valid');
}

export const CONTACT_ERASERS: { [A in AdapterName]: ContactEraser | null } = {
  feed: null,
  omnicasa: null,
  whise: eraseInWhise,
  sweepbright: null,
};
