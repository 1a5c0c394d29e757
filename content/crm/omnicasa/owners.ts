/**
 * Owners in Omnicasa: `CheckPersonLogin` for proprietors checks the login the agency gave
 * them; `GetRelatedProperties` by the owner's e-mail says which listings are theirs,
 * `GetCalendarHistories` each one's communication history (visits, calls, offers as the
 * agents logged them) and `GetMediaObjectStatisticsGraphList` its portal figures per month.
 * The public clients document the requests only: the answer's fields read are the ones in
 * the schemas below, and an answer whose items none of them fit is an error (a renamed
 * field must never read as "no history").
 */
import * as z from 'zod';
import type { Fetcher } from '../../crm-bounds.ts';
import { readItems } from '../answers.ts';
import type { CrmOwnedProperty, CrmOwner } from '../adapter.ts';
import type { CrmSettings } from '../pull.ts';
import { omnicasaCall, omnicasaItems } from './api.ts';

/** The person Omnicasa's CheckPersonLogin answers: an answer without an address is no login. */
const OMNICASA_PERSON = z.looseObject({ Email: z.string(), FirstName: z.string().nullish(), Name: z.string().nullish() });

/** Omnicasa's CheckPersonLogin, for proprietors: the person behind the login, or no value. */
export async function omnicasaOwner(email: string, password: string, settings: CrmSettings, fetcher: Fetcher): Promise<CrmOwner | null> {
  const read = OMNICASA_PERSON.safeParse(await omnicasaCall(settings, fetcher, 'CheckPersonLogin', { Email: email, Password: password, IsProprietors: true }));
  const value = read.success ? read.data : null;
  if (!value || value.Email.toLowerCase() !== email.toLowerCase()) return null;
  return { email: value.Email, name: [value.FirstName, value.Name].filter((p) => typeof p === 'string' && p !== '').join(' '), properties: null };
}

/** How far back the portal's media figures go: a year of months. */
const MEDIA_MONTHS = 12;
const MAX_PROPERTIES = 50;

/** The items of a list Omnicasa answers that the schema reads (readItems). */
const readAll = <T>(value: unknown, schema: z.ZodType<T>, call: string): T[] => readItems(omnicasaItems(value), schema, `Omnicasa ${call}`);

// Present in every item, null when empty: a missing key is a renamed field, not an empty one.
const text = z
  .string()
  .nullable()
  .transform((v) => v ?? '');
const RelatedProperty = z.object({ ID: z.number().int().positive() });
const CalendarHistory = z.object({
  StartDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  TypeName: text,
  PersonName: text,
  Subject: text,
  Comment: text,
  StatusName: text,
  SourceName: text,
});
const MediaStatistic = z.object({
  MediaName: z.string().min(1),
  Date: z.string().regex(/^\d{4}-\d{2}/),
  NumberOfViews: z.number().int().min(0),
  NumberOfClicks: z.number().int().min(0),
  NumberOfContacts: z.number().int().min(0),
});

const omnicasaDate = (at: Date) => at.toISOString().slice(0, 19);

export async function omnicasaOwnerFigures({ email }: { email: string }, settings: CrmSettings, fetcher: Fetcher, now: Date): Promise<CrmOwnedProperty[]> {
  const call = (method: string, params: Record<string, unknown>) => omnicasaCall(settings, fetcher, method, { ...params, LanguageId: 2 });
  const related = readAll(await call('GetRelatedProperties', { Email: email }), RelatedProperty, 'GetRelatedProperties').slice(0, MAX_PROPERTIES);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MEDIA_MONTHS - 1), 1));
  const owned: CrmOwnedProperty[] = [];
  for (const { ID } of related) {
    const history = readAll(await call('GetCalendarHistories', { ObjectID: ID }), CalendarHistory, 'GetCalendarHistories');
    const media = readAll(
      await call('GetMediaObjectStatisticsGraphList', { ObjectIDs: [ID], StartDate: omnicasaDate(since), EndDate: omnicasaDate(now), IsGroupAllPortals: false }),
      MediaStatistic,
      'GetMediaObjectStatisticsGraphList',
    );
    owned.push({
      id: ID,
      history: history.map((h) => ({
        date: h.StartDate.slice(0, 10),
        type: h.TypeName.slice(0, 40),
        contact: h.PersonName.slice(0, 120),
        subject: h.Subject.slice(0, 200),
        comment: h.Comment.slice(0, 2000),
        status: h.StatusName.slice(0, 40),
        source: h.SourceName.slice(0, 40),
      })),
      media: media.map((m) => ({ medium: m.MediaName.slice(0, 60), month: m.Date.slice(0, 7), views: m.NumberOfViews, clicks: m.NumberOfClicks, contacts: m.NumberOfContacts })),
    });
  }
  return owned;
}
