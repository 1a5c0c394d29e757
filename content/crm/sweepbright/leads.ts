/**
 * A visitor's request as SweepBright takes it: a contact on the estate, or a contact with
 * its preferences.
 */
import type { Lang } from '../../../domain/lang.ts';
import type { Fetcher } from '../../crm-bounds.ts';
import type { CrmContact } from '../adapter.ts';
import type { CrmSettings } from '../pull.ts';
import { sweepbrightCall, sweepbrightToken } from './api.ts';

const SWEEPBRIGHT_LOCALE: Record<Lang, string> = { nl: 'nl', fr: 'fr', en: 'en', de: 'de' };

/**
 * SweepBright: a request about a listing is a contact on its estate (`estates/{id}/contacts`);
 * any other, and every demand, a contact with its preferences (`contacts`): what it looks
 * for, its budget and rooms, and the postcodes the visitor named.
 */
export async function toSweepBright(contact: CrmContact, settings: CrmSettings, fetcher: Fetcher): Promise<string | null> {
  const token = await sweepbrightToken(settings, fetcher);
  const person = {
    first_name: contact.firstName,
    last_name: contact.lastName,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    message: `${contact.subject}\n${contact.comment}`,
    locale: SWEEPBRIGHT_LOCALE[contact.lang],
  };
  if (contact.propertyRef && !contact.demand) {
    await sweepbrightCall(settings, fetcher, token, 'POST', `estates/${encodeURIComponent(contact.propertyRef)}/contacts`, person);
    return null;
  }
  const d = contact.demand;
  const postcodes = d ? [...new Set(d.zones.match(/\b\d{4}\b/g) ?? [])].slice(0, 50) : [];
  await sweepbrightCall(settings, fetcher, token, 'POST', 'contacts', {
    ...person,
    ...(d
      ? {
          preferences: {
            negotiation: d.goal === 'sale' ? 'sale' : 'let',
            ...(d.priceMin !== null ? { min_price: d.priceMin } : {}),
            ...(d.priceMax !== null ? { max_price: d.priceMax } : {}),
            ...(d.minRooms !== null ? { min_rooms: d.minRooms } : {}),
          },
          ...(postcodes.length > 0 ? { location_preference: { country: 'BE', postal_codes: postcodes } } : {}),
        }
      : {}),
  });
  return null;
}
