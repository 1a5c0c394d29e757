/**
 * An owner's properties and their figures as the agency's CRM keeps them: which listings are
 * the owner's (the CRM's relation between the person and the property), each one's
 * communication history (visits, calls, offers as the agents logged them) and its online-
 * media statistics per portal and month. Omnicasa answers `GetRelatedProperties` by the
 * owner's e-mail, `GetCalendarHistories` per property and
 * `GetMediaObjectStatisticsGraphList`; Whise its activities' history per estate. The public clients document the requests only: the
 * answer's fields read are the ones in the schemas below, and an answer whose items none of
 * them fit is an error (a renamed field must never read as "no history").
 */
import * as z from 'zod';
import type { AdapterName, FeedSettings } from '../../content/crm-feeds.ts';
import { answerOf, omnicasaCall, omnicasaItems, whisePost, whiseToken } from '../../content/crm-api.ts';
import { FeedError, type Fetcher } from '../../content/crm-bounds.ts';

/** One property of the owner, with what the CRM logged about it. */
export interface CrmOwnedProperty {
  id: number;
  history: { date: string; type: string; contact: string; subject: string; comment: string; status: string; source: string }[];
  /** null: the CRM keeps no media figures (those imported by file stay). */
  media: { medium: string; month: string; views: number; clicks: number; contacts: number }[] | null;
}

/** The owner as the site knows them: their e-mail, and the listings it holds as theirs (a CRM that relates people and listings answers its own). */
export type OwnerFiguresReader = (owner: { email: string; properties: readonly number[] }, settings: FeedSettings, fetcher: Fetcher, now: Date) => Promise<CrmOwnedProperty[]>;

/** How far back the portal's media figures go: a year of months. */
const MEDIA_MONTHS = 12;
const MAX_PROPERTIES = 50;

/** The items a schema reads; an answer with items and none readable is a FeedError naming the fields expected. */
function readAll<T>(value: unknown, schema: z.ZodType<T>, call: string): T[] {
  const items = omnicasaItems(value);
  const read = items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  if (items.length > 0 && read.length === 0) {
    const expected = schema instanceof z.ZodObject ? Object.keys(schema.shape).join(', ') : 'its fields';
    throw new FeedError(`Omnicasa ${call}: no item in a shape the site reads (${expected})`);
  }
  return read;
}

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

async function omnicasaOwnerFigures({ email }: { email: string }, settings: FeedSettings, fetcher: Fetcher, now: Date): Promise<CrmOwnedProperty[]> {
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

/**
 * A Whise history activity: when, what, with whom, about which estates. Whise's owners'
 * listings come with their login (`estates/owned/list`, worker/crm/owner-login.ts); it keeps
 * no media figures, so those imported by file stay.
 */
const WhiseHistory = z.object({
  id: z.number().int(),
  createDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  subject: z.string().nullable(),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  action: z.object({ name: z.string().nullish() }).nullish(),
  contacts: z.array(z.object({ name: z.string().nullish() })).nullish(),
  estates: z.array(z.object({ id: z.number().int() })),
});

async function whiseOwnerFigures({ properties }: { properties: readonly number[] }, settings: FeedSettings, fetcher: Fetcher): Promise<CrmOwnedProperty[]> {
  if (properties.length === 0) return [];
  const token = await whiseToken(settings, fetcher);
  const answer = answerOf(
    z.looseObject({ activities: z.array(z.unknown()) }),
    await whisePost(settings, fetcher, token, '/v1/activities/histories', { Filter: { EstateIds: properties.slice(0, MAX_PROPERTIES) } }),
    'Whise activities/histories',
  );
  const activities = readAll(answer.activities, WhiseHistory, 'activities/histories');
  return properties.slice(0, MAX_PROPERTIES).map((id) => ({
    id,
    history: activities
      .filter((a) => a.estates.some((e) => e.id === id))
      .map((a) => ({
        date: a.createDateTime.slice(0, 10),
        type: (a.action?.name ?? '').slice(0, 40),
        contact: (a.contacts ?? [])
          .map((c) => c.name ?? '')
          .filter(Boolean)
          .join(', ')
          .slice(0, 120),
        subject: (a.subject ?? '').slice(0, 200),
        comment: a.description.slice(0, 2000),
        status: '',
        source: 'Whise',
      })),
    media: null,
  }));
}

/** Which CRM gives owners' properties and figures: a new adapter says here whether it does, or this does not compile. */
export const OWNER_FIGURES: { [A in AdapterName]: OwnerFiguresReader | null } = {
  feed: null,
  omnicasa: omnicasaOwnerFigures,
  whise: whiseOwnerFigures,
  sweepbright: null,
};
