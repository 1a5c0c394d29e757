/**
 * SweepBright's estates as records: it cannot list its estates (the site learns of each one
 * from its webhook), so the pull reads what was announced, `GET estates/{id}` each. Its
 * estate ids are UUIDs; the site gives each a number of its own the first time it hears of
 * it (kept in D1), so its records are the same shape as every other adapter's.
 */
import * as z from 'zod';
import type { Fetcher } from '../../crm-bounds.ts';
import { answerOf, type CrmConnection } from '../answers.ts';
import type { AnnouncedEstate } from '../pull.ts';
import { sweepbrightCall, sweepbrightToken } from './api.ts';

export const SWEEPBRIGHT_EVENTS = ['estate-added', 'estate-updated', 'estate-deleted'] as const satisfies readonly AnnouncedEstate['event'][];

/** SweepBright's status as the site's; null keeps the estate off the site. SweepBright announces only estates the agent published. */
export const SWEEPBRIGHT_STATUS: Record<string, 'available' | 'option' | 'sold' | 'rented' | null> = {
  available: 'available',
  prospect: 'available',
  mandate: 'available',
  option: 'option',
  under_contract: 'option',
  sold: 'sold',
  rented: 'rented',
  lost: null,
};

/** SweepBright's estate types as the site's categories (its WebID) and their name. */
const SWEEPBRIGHT_TYPES: Record<string, { webId: string; name: string; description: Record<'fr' | 'nl' | 'en' | 'de', string> }> = {
  house: { webId: '1', name: 'Maison', description: { fr: 'Maison', nl: 'Huis', en: 'House', de: 'Haus' } },
  apartment: { webId: '2', name: 'Appartement', description: { fr: 'Appartement', nl: 'Appartement', en: 'Apartment', de: 'Wohnung' } },
  land: { webId: '3', name: 'Terrain', description: { fr: 'Terrain', nl: 'Grond', en: 'Land', de: 'Grundstück' } },
  commercial: { webId: '4', name: 'Commerce', description: { fr: 'Commerce', nl: 'Handelspand', en: 'Commercial property', de: 'Gewerbeimmobilie' } },
  office: { webId: '4', name: 'Bureau', description: { fr: 'Bureau', nl: 'Kantoor', en: 'Office', de: 'Büro' } },
  parking: { webId: '4', name: 'Garage', description: { fr: 'Garage', nl: 'Garage', en: 'Garage', de: 'Garage' } },
};

const LANGS = ['fr', 'nl', 'en', 'de'] as const;
const COUNTRY_NAMES = {
  LU: { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg', de: 'Luxemburg' },
  BE: { fr: 'Belgique', nl: 'België', en: 'Belgium', de: 'Belgien' },
};

/** An estate as a record of the content's shape, under the site's number for it; null when its status keeps it off the site. */
export function sweepbrightRecord(estate: Record<string, unknown>, id: number, modifiedAt: string): Record<string, unknown> | null {
  const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const isStr = (v: unknown): v is string => typeof v === 'string';
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const obj = (v: unknown) => (isObj(v) ? v : {});
  if (estate.publish_status !== undefined && estate.publish_status !== 'public') return null;
  const status = SWEEPBRIGHT_STATUS[isStr(estate.status) ? estate.status : ''];
  if (!status) return null;
  const location = obj(estate.location);
  const geo = obj(location.geo);
  const price = obj(estate.price);
  const sizes = obj(estate.sizes);
  const area = (key: string) => {
    const size = obj(sizes[key]).size;
    return isNum(size) ? size : null;
  };
  const texts = (value: unknown) => {
    const out: Record<string, string> = {};
    for (const lang of LANGS) if (isStr(obj(value)[lang]) && obj(value)[lang] !== '') out[lang] = obj(value)[lang] as string;
    return out;
  };
  const type = SWEEPBRIGHT_TYPES[isStr(estate.type) ? estate.type : ''] ?? SWEEPBRIGHT_TYPES.commercial!;
  const luxembourg = location.country === 'LU';
  const images = Array.isArray(estate.images) ? estate.images.filter(isObj) : [];
  const reference = obj(estate.settings).reference;
  return {
    ID: id,
    Goal: estate.negotiation === 'let' ? 1 : 0,
    RecordFile: isStr(reference) && reference !== '' ? reference : `SB-${id}`,
    MainTypeName: type.name,
    TypeDescription: type.description,
    WebID: type.webId,
    Status: status,
    Street: isStr(location.street) ? location.street : '',
    HouseNumber: isStr(location.number) ? location.number : '',
    BoxNr: isStr(location.box) ? location.box : '',
    Zip: isStr(location.postal_code) ? location.postal_code : '',
    City: isStr(location.city) ? location.city : '',
    CountryID: luxembourg ? 50 : 10,
    CountryName: luxembourg ? COUNTRY_NAMES.LU : COUNTRY_NAMES.BE,
    PublishAddress: location.hidden !== true,
    Latitude: isNum(geo.latitude) ? geo.latitude : null,
    Longitude: isNum(geo.longitude) ? geo.longitude : null,
    Price: isNum(price.amount) ? price.amount : null,
    PublishPrice: price.hidden !== true,
    Bedrooms: isNum(estate.bedrooms) ? estate.bedrooms : null,
    Bathrooms: isNum(estate.bathrooms) ? estate.bathrooms : null,
    Toilets: isNum(estate.toilets) ? estate.toilets : null,
    SurfaceLiving: area('liveable_area'),
    SurfaceGround: area('plot_area'),
    EnergyPerformance: isNum(estate.epc_value) ? estate.epc_value : null,
    EPCLabelText: isStr(estate.epc_category) ? estate.epc_category.toUpperCase() : '',
    Title: texts(estate.description_title),
    Description: texts(estate.description),
    Photos: images
      .filter((image) => isStr(image.url) && image.url !== '')
      .sort((a, b) => (isNum(a.ordinal) ? a.ordinal : 0) - (isNum(b.ordinal) ? b.ordinal : 0))
      .map((image, i) => ({ ID: i + 1, Url: image.url, Width: 1600, Height: 1067, Name: isStr(image.id) && image.id !== '' ? image.id : `photo-${i + 1}` })),
    CreateDate: modifiedAt,
    ModifyDate: modifiedAt,
  };
}

/**
 * The estates SweepBright announced since the last pull, read one by one: an added or
 * updated one is read again (its last state wins), a deleted one, or one now off the site,
 * is withdrawn. SweepBright cannot list its estates, so there is no complete pull.
 */
export async function pullSweepBright(settings: CrmConnection, announced: readonly AnnouncedEstate[], fetcher: Fetcher): Promise<{ changed: Record<string, unknown>[]; deleted: number[] }> {
  const latest = new Map<string, AnnouncedEstate>();
  for (const estate of [...announced].sort((a, b) => a.at.localeCompare(b.at))) latest.set(estate.ref, estate);
  const changed: Record<string, unknown>[] = [];
  const deleted: number[] = [];
  if (latest.size === 0) return { changed, deleted };
  const token = await sweepbrightToken(settings, fetcher);
  for (const estate of latest.values()) {
    if (estate.event === 'estate-deleted') {
      deleted.push(estate.id);
      continue;
    }
    const answer = await sweepbrightCall(settings, fetcher, token, 'GET', `estates/${encodeURIComponent(estate.ref)}`);
    if (answer === null) {
      deleted.push(estate.id);
      continue;
    }
    const record = sweepbrightRecord(answerOf(z.record(z.string(), z.unknown()), answer, 'SweepBright GET estates/:id'), estate.id, estate.at);
    if (record) changed.push(record);
    else deleted.push(estate.id);
  }
  return { changed, deleted };
}
