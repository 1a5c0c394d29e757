/**
 * The agents' agendas in the CRM: the visit moments it offers for each listing. Omnicasa
 * keeps them as appointment objects (`GetAppointmentObject`); a visitor takes a place with
 * the contact request itself (`ContactOnMe` with its `AppointmentID`, leads.ts),
 * so the CRM, not the site, has the last word on whether the place is still free. The public clients document the requests only: the
 * answer's fields this reads are the ones in OmnicasaAppointment, and an answer whose items
 * none of them fit is an error (a renamed field must never read as an empty agenda).
 */
import * as z from 'zod';
import { FeedError } from '../../crm-bounds.ts';
import { brusselsLocal } from '../../../domain/rules/brussels-local.ts';
import type { CrmAgenda, CrmVisitMoment } from '../adapter.ts';
import { omnicasaCall, omnicasaItems } from './api.ts';

/** An appointment object as Omnicasa answers it: a listing, a start in Brussels time, its places. */
const OmnicasaAppointment = z.object({
  ID: z.number().int(),
  ObjectID: z.number().int().positive(),
  StartDate: z.string(),
  MaxNumberOfPersons: z.number().int().min(0),
  NumberOfPersons: z.number().int().min(0),
});

export function omnicasaMoments(value: unknown): CrmVisitMoment[] {
  const items = omnicasaItems(value);
  const moments: CrmVisitMoment[] = [];
  for (const item of items) {
    const read = OmnicasaAppointment.safeParse(item);
    if (!read.success) continue;
    // Omnicasa writes its times as the agency's wall clock, without a zone.
    const startsAt = brusselsLocal(read.data.StartDate.replace(/Z$/, ''));
    const places = read.data.MaxNumberOfPersons - read.data.NumberOfPersons;
    if (startsAt && places > 0) moments.push({ propertyId: read.data.ObjectID, startsAt, places, externalId: String(read.data.ID) });
  }
  if (items.length > 0 && moments.length === 0 && !items.some((i) => OmnicasaAppointment.safeParse(i).success)) {
    throw new FeedError('Omnicasa GetAppointmentObject: no appointment in a shape the site reads (ID, ObjectID, StartDate, MaxNumberOfPersons, NumberOfPersons)');
  }
  return moments;
}

export const omnicasaAgenda: CrmAgenda = {
  async read(settings, fetcher) {
    return omnicasaMoments(await omnicasaCall(settings, fetcher, 'GetAppointmentObject', { LanguageId: 2 }));
  },
};
