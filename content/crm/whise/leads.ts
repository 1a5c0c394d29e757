/**
 * A visitor's request as Whise takes it: one `contacts/upsert` with the request in its
 * comments, the estate when there is one, and the search criteria of a demand. Whise
 * answers the contact's id, which the site keeps to erase it on request.
 */
import * as z from 'zod';
import type { Lang } from '../../../domain/lang.ts';
import type { Fetcher } from '../../crm-bounds.ts';
import { answerOf } from '../answers.ts';
import type { CrmContact } from '../adapter.ts';
import type { CrmSettings } from '../pull.ts';
import { whisePost, whiseToken } from './api.ts';

const WHISE_LANGUAGE: Record<Lang, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB', de: 'de-DE' };

export async function toWhise(contact: CrmContact, settings: CrmSettings, fetcher: Fetcher): Promise<string | null> {
  const token = await whiseToken(settings, fetcher);
  const d = contact.demand;
  const answer = await whisePost(settings, fetcher, token, '/v1/contacts/upsert', {
    FirstName: contact.firstName,
    Name: contact.lastName,
    PrivateEmail: contact.email ?? undefined,
    PrivateMobile: contact.phone ?? undefined,
    LanguageId: WHISE_LANGUAGE[contact.lang],
    OfficeIds: settings.officeId ? [Number(settings.officeId)] : [],
    Comments: `${contact.subject}\n${contact.comment}`,
    ...(contact.propertyId !== null ? { EstateIds: [contact.propertyId] } : {}),
    ...(d
      ? {
          SearchCriteria: [
            {
              PurposeId: d.goal === 'sale' ? 1 : 2,
              CategoryIds: d.typeIds,
              MinPrice: d.priceMin ?? undefined,
              MaxPrice: d.priceMax ?? undefined,
              MinRooms: d.minRooms ?? undefined,
              MaxRooms: d.maxRooms ?? undefined,
            },
          ],
        }
      : {}),
  });
  const read = answerOf(z.looseObject({ contactId: z.union([z.number(), z.string()]).nullish(), isValidRequest: z.boolean().optional() }).nullable(), answer, 'Whise contacts/upsert');
  if (read?.isValidRequest === false) throw new Error('Whise contacts/upsert: the request was not valid');
  return read?.contactId === undefined || read.contactId === null ? null : String(read.contactId);
}
