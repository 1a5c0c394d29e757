/**
 * A visitor's request as Omnicasa takes it: `ContactOnMe` (on a property, with the booked
 * appointment when there is one), `ContactOnMeProject`, or a search profile with
 * `DemandRegister2`.
 */
import type { Lang } from '../../../domain/lang.ts';
import type { Fetcher } from '../../crm-bounds.ts';
import type { CrmContact } from '../adapter.ts';
import type { CrmSettings } from '../pull.ts';
import { omnicasaCall } from './api.ts';

const OMNICASA_LANGUAGE: Record<Lang, number> = { nl: 1, fr: 2, en: 3, de: 4 };
const OMNICASA_TITLE: Record<string, string> = { mr: 'M', ms: 'Mme', miss: 'Mlle' };

export async function toOmnicasa(contact: CrmContact, settings: CrmSettings, fetcher: Fetcher): Promise<string | null> {
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
