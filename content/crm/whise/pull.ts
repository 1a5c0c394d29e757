/**
 * Whise's estates as records: `estates/list` with `UpdateDateTimeRange` since the watermark,
 * page by page. Whise has no call for deleted estates, so once a day its complete list of
 * ids is read and whatever is missing is withdrawn.
 */
import * as z from 'zod';
import { FeedError, Pager, PULL_LIMITS, type Fetcher, type PullBudget } from '../../crm-bounds.ts';
import { answerOf, json } from '../answers.ts';
import { budgetOf, PAGE, records, wholeList, type CrmSettings, type FeedPull } from '../pull.ts';
import { whiseToken } from './api.ts';

/** A page of estates as Whise answers it: the estates are judged record by record, the count by the pager. */
const WHISE_PAGE = z.looseObject({ estates: z.unknown().optional(), totalCount: z.unknown().optional(), isValidRequest: z.unknown().optional() }).nullable();

/** Whise's purpose status (for sale, for rent, sold, rented, under option…) as the site's status; null leaves the estate out. */
export const WHISE_PURPOSE_STATUS: Record<number, 'available' | 'option' | 'sold' | 'rented' | null> = {
  1: 'available', // for sale
  2: 'available', // for rent
  3: 'sold',
  4: 'rented',
  5: 'option', // under option (sale)
  6: 'option', // under option (rent)
  7: null, // withdrawn
  8: null, // suspended
};

const WHISE_LANGS: Record<string, 'fr' | 'nl' | 'en' | 'de'> = { 'fr-BE': 'fr', 'nl-BE': 'nl', 'en-GB': 'en', 'de-DE': 'de' };

/** A Whise estate as a record of the content's shape; null when its status keeps it off the site. */
export function whiseRecord(estate: Record<string, unknown>): Record<string, unknown> | null {
  const get = <T>(key: string, guard: (v: unknown) => v is T): T | undefined => (guard(estate[key]) ? (estate[key] as T) : undefined);
  const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const isStr = (v: unknown): v is string => typeof v === 'string';
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const purposeStatus = get('purposeStatus', isObj);
  const status = WHISE_PURPOSE_STATUS[isNum(purposeStatus?.id) ? purposeStatus.id : 1];
  if (status === null || status === undefined) return null;
  const purpose = get('purpose', isObj);
  const category = get('category', isObj);
  const country = get('country', isObj);
  const texts = Array.isArray(estate.shortDescription) ? estate.shortDescription.filter(isObj) : [];
  const description: Record<string, string> = {};
  for (const t of texts) if (isStr(t.languageId) && isStr(t.content) && WHISE_LANGS[t.languageId]) description[WHISE_LANGS[t.languageId] as string] = t.content;
  const pictures = Array.isArray(estate.pictures) ? estate.pictures.filter(isObj) : [];
  return {
    ID: estate.id,
    Goal: isNum(purpose?.id) && purpose.id === 2 ? 1 : 0,
    RecordFile: get('referenceNumber', isStr) ?? `W-${String(estate.id)}`,
    MainTypeName: isStr(category?.name) ? category.name : '',
    WebID: isNum(category?.id) ? String(category.id) : '',
    Status: status,
    Street: get('address', isStr) ?? '',
    HouseNumber: get('number', isStr) ?? '',
    BoxNr: get('box', isStr) ?? '',
    Zip: get('zip', isStr) ?? '',
    City: get('city', isStr) ?? '',
    CountryID: isNum(country?.id) && country.id !== 1 ? 50 : 10,
    CountryName: isNum(country?.id) && country.id !== 1 ? { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg', de: 'Luxemburg' } : { fr: 'Belgique', nl: 'België', en: 'Belgium', de: 'Belgien' },
    PublishAddress: estate.displayAddress !== false,
    Latitude: get('latitude', isNum) ?? null,
    Longitude: get('longitude', isNum) ?? null,
    Price: get('price', isNum) ?? null,
    PublishPrice: estate.displayPrice !== false,
    Bedrooms: get('rooms', isNum) ?? null,
    SurfaceLiving: get('area', isNum) ?? null,
    SurfaceGround: get('groundArea', isNum) ?? null,
    EnergyPerformance: get('energyValue', isNum) ?? null,
    EPCLabelText: get('energyClass', isStr) ?? '',
    Description: description,
    Photos: pictures
      .map((p, i) => ({ ID: isNum(p.id) ? p.id : i + 1, Url: isStr(p.urlXXL) ? p.urlXXL : isStr(p.urlLarge) ? p.urlLarge : '', Width: 1600, Height: 1067, Name: `photo-${i + 1}` }))
      .filter((p) => p.Url),
    CreateDate: get('createDateTime', isStr) ?? get('updateDateTime', isStr) ?? new Date(0).toISOString(),
    ModifyDate: get('updateDateTime', isStr) ?? new Date(0).toISOString(),
  };
}

/**
 * estates/list with UpdateDateTimeRange since the watermark, page by page; with
 * `reconcile`, also every id Whise still lists, since it has no call for deleted ones.
 */
export async function pullWhise(settings: CrmSettings, since: Date | null, reconcile: boolean, fetcher: Fetcher, now = new Date(), budget?: PullBudget): Promise<FeedPull> {
  const token = await whiseToken(settings, fetcher);
  const shared = budgetOf(settings, budget);
  // Each page is turned into what the pull keeps (records, or ids) at once: the raw page is not kept.
  const list = async <T>(filter: Record<string, unknown>, keep: (estate: Record<string, unknown>) => T, fields?: string[]) => {
    const found: T[] = [];
    let read = 0;
    const pager = new Pager('Whise estates/list', (settings.limits ?? PULL_LIMITS).maxPages, shared);
    for (let offset = 0; ; offset += PAGE) {
      const response = await fetcher(`${settings.url}/v1/estates/list`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ Filter: filter, Page: { Limit: PAGE, Offset: offset }, ...(fields ? { Field: { included: fields } } : {}) }),
      });
      const body = answerOf(WHISE_PAGE, await json(response, 'Whise estates/list'), 'Whise estates/list');
      if (body?.isValidRequest === false) throw new FeedError('Whise estates/list: the request was not valid');
      const estates = records(body?.estates, 'Whise estates/list');
      pager.take(estates, body?.totalCount);
      read += estates.length;
      for (const estate of estates) found.push(keep(estate));
      if (estates.length < PAGE) {
        wholeList(read, body?.totalCount, 'Whise estates/list');
        return found;
      }
    }
  };
  const estates = await list(since ? { UpdateDateTimeRange: { Min: since.toISOString(), Max: now.toISOString() } } : {}, (estate) => ({ id: estate.id, record: whiseRecord(estate) }));
  const changed: Record<string, unknown>[] = [];
  const off: number[] = [];
  for (const { id, record } of estates) {
    if (record) changed.push(record);
    else if (typeof id === 'number') off.push(id);
  }
  if (!since) return { kind: 'complete', records: changed };
  const ids = reconcile ? (await list({}, (e) => e.id, ['id'])).filter((id): id is number => typeof id === 'number') : null;
  return { kind: 'changes', changed, deleted: off, ids };
}
