/**
 * How each CRM receives a visitor's request: a contact with the request (a visit, a
 * valuation, a rental application, an offer, a brochure) or a search profile (a demand),
 * mapped to the CRM's own fields. A plain feed takes none. The outbox (worker/outbox/crm-push.ts)
 * decides what to send and when; this says how.
 */
import * as z from 'zod';
import type { AdapterName, FeedSettings } from '../../content/crm-feeds.ts';
import type { Fetcher } from '../../content/crm-bounds.ts';
import { answerOf, omnicasaCall, whisePost, whiseToken } from '../../content/crm-api.ts';
import { sweepbrightCall, sweepbrightToken } from '../../content/sweepbright.ts';
import type { Lang } from '../../domain/lang.ts';

/** What the CRM is told about one lead: a contact with its request, or a search profile. */
export interface CrmContact {
  ref: string;
  lang: Lang;
  title: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  propertyId: number | null;
  projectId: number | null;
  /** The CRM's own id of the listing when it is not the site's number (SweepBright's estate UUID); null otherwise. */
  propertyRef: string | null;
  /** The CRM's own visit moment the visitor booked, when the slot came from its agenda: the CRM takes the place, or refuses (CrmRefused). */
  appointmentId: string | null;
  /** The request as the agent reads it: the form, the visitor's words, the web reference. */
  subject: string;
  comment: string;
  demand: { goal: 'sale' | 'rent'; typeIds: number[]; priceMin: number | null; priceMax: number | null; minRooms: number | null; maxRooms: number | null; zones: string } | null;
}

/** One CRM's way to receive a contact; null: the adapter cannot (a plain feed). */
export type LeadSender = (contact: CrmContact, settings: FeedSettings, fetcher: Fetcher) => Promise<string | null>;

const OMNICASA_LANGUAGE: Record<Lang, number> = { nl: 1, fr: 2, en: 3, de: 4 };
const OMNICASA_TITLE: Record<string, string> = { mr: 'M', ms: 'Mme', miss: 'Mlle' };

async function toOmnicasa(contact: CrmContact, settings: FeedSettings, fetcher: Fetcher): Promise<string | null> {
  const person = {
    Name: contact.lastName,
    FirstName: contact.firstName,
    ...(contact.title ? { AddressTitle: OMNICASA_TITLE[contact.title] ?? '' } : {}),
    Email: contact.email ?? '',
    GSM: contact.phone ?? '',
    LanguageId: OMNICASA_LANGUAGE[contact.lang],
    ...(settings.officeId ? { OfficeID: Number(settings.officeId) } : {}),
  };
  if (contact.demand) {
    const d = contact.demand;
    await omnicasaCall(settings, fetcher, 'DemandRegister2', {
      ...person,
      Goal: d.goal === 'sale' ? 0 : 1,
      TypeOfPropertyIDs: d.typeIds,
      ...(d.priceMin !== null ? { PriceMin: d.priceMin } : {}),
      ...(d.priceMax !== null ? { PriceMax: d.priceMax } : {}),
      ...(d.minRooms !== null ? { MinRooms: d.minRooms } : {}),
      ...(d.maxRooms !== null ? { MaxRooms: d.maxRooms } : {}),
      IsAlwaysCreatedDemand: true,
      Comment: contact.comment,
    });
    return null;
  }
  const request = { ...person, Subject: contact.subject, Content: contact.comment, IsCreatedDemand: false };
  if (contact.projectId !== null) await omnicasaCall(settings, fetcher, 'ContactOnMeProject', { ...request, ProjectIDs: [contact.projectId] });
  else
    await omnicasaCall(settings, fetcher, 'ContactOnMe', {
      ...request,
      ...(contact.propertyId !== null ? { ObjectID: contact.propertyId } : {}),
      ...(contact.appointmentId !== null ? { AppointmentID: Number(contact.appointmentId), AgendaComment: `Web reference: ${contact.ref}` } : {}),
    });
  return null;
}

const WHISE_LANGUAGE: Record<Lang, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB', de: 'de-DE' };

async function toWhise(contact: CrmContact, settings: FeedSettings, fetcher: Fetcher): Promise<string | null> {
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

const SWEEPBRIGHT_LOCALE: Record<Lang, string> = { nl: 'nl', fr: 'fr', en: 'en', de: 'de' };

/**
 * SweepBright: a request about a listing is a contact on its estate (`estates/{id}/contacts`);
 * any other, and every demand, a contact with its preferences (`contacts`): what it looks
 * for, its budget and rooms, and the postcodes the visitor named.
 */
async function toSweepBright(contact: CrmContact, settings: FeedSettings, fetcher: Fetcher): Promise<string | null> {
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

/** Which CRM takes leads: a new adapter says here whether it does, or this does not compile. */
export const LEAD_SENDERS: { [A in AdapterName]: LeadSender | null } = {
  feed: null,
  omnicasa: toOmnicasa,
  whise: toWhise,
  sweepbright: toSweepBright,
};
