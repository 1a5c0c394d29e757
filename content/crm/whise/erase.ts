/**
 * Erasing a visitor's contacts in Whise when they erase their data from the site (GDPR
 * art. 17): `DELETE v1/contacts/delete` with the `ContactIds` the site kept when it sent
 * their requests, as Whise's public clients call it.
 */
import { FeedError, type Fetcher } from '../../crm-bounds.ts';
import type { CrmSettings } from '../pull.ts';
import { VALIDITY, whiseToken } from './api.ts';

export async function eraseInWhise(refs: readonly string[], settings: CrmSettings, fetcher: Fetcher): Promise<void> {
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
