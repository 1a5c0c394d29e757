/**
 * A fake Omnicasa that answers the listing and lead calls as the public API clients show them
 * (fw4-bvba/omnicasa-api): `{Method}Json?json={…}` with CustomerName and CustomerPassword,
 * an answer `{ "{Method}JsonResult": { Success, Value, ErrorMessage } }`. It refuses a
 * parameter the API does not name (a renamed field fails the test that sends it) and wrong
 * credentials, records what it accepted, and can fail the ways a real one does: down (502),
 * a server error (500), an HTML page instead of JSON. The tests call it in process; `npm run
 * fake:crm` serves it on the loopback for a walk-through with `npm start`.
 */
import { Hono } from 'hono';

/** The parameters each call takes, as the API clients publish them. */
const PERSON = [
  'Name',
  'FirstName',
  'AddressTitle',
  'LetterTitle',
  'Address',
  'City',
  'Zip',
  'Email',
  'PhoneNumber',
  'GSM',
  'IsReceivedEmail',
  'SiteId',
  'SourceId',
  'LanguageId',
  'OfficeID',
  'BoxNr',
  'Fax',
];
const CONTACT = [
  ...PERSON,
  'CountryId',
  'IsCreatedDemand',
  'Goal',
  'TypeOfPropertyIDs',
  'GeographicIDs',
  'Purpose',
  'Budget',
  'PriceMin',
  'PriceMax',
  'DemandComment',
  'Subject',
  'Content',
  'Profession',
  'Categories',
  'LanguageIdFromParameter',
  'CustomStr1',
  'IsMergedDemandIfExisting',
  'WebIDs',
  'PersonComment',
];
export const OMNICASA_PARAMETERS: Record<string, string[]> = {
  GetPropertyList: ['ChangeSince', 'Limit', 'Offset', 'LanguageId', 'OfficeID'],
  GetDeletedPropertyIDs: ['ChangeSince'],
  GetAppointmentObject: ['SiteIDs', 'ObjectID', 'LanguageId'],
  GetRelatedProperties: ['Email', 'DisplayFields', 'SortFields', 'Limit1', 'Limit2', 'LanguageId', 'OfficeID'],
  GetCalendarHistories: ['ObjectID', 'ProjectID', 'PersonIDs', 'FromDate', 'ToDate', 'TypeIDs', 'IncludeUnits', 'DisplayFields', 'SortFields', 'Limit1', 'Limit2', 'LanguageId', 'OfficeID'],
  GetMediaObjectStatisticsGraphList: [
    'StartDate',
    'EndDate',
    'MediaIDs',
    'ObjectIDs',
    'ProjectID',
    'IsGroupAllPortals',
    'IncludeUnits',
    'DisplayFields',
    'SortFields',
    'Limit1',
    'Limit2',
    'LanguageId',
    'OfficeID',
  ],
  CheckPersonLogin: ['Email', 'Password', 'FaceBookID', 'IsProprietors', 'LanguageId', 'OfficeID'],
  ContactOnMe: [...CONTACT, 'ObjectID', 'AppointmentID', 'AgendaComment'],
  ContactOnMeProject: [...CONTACT, 'ProjectIDs'],
  DemandRegister2: [
    ...PERSON,
    'ID',
    'CountryID',
    'Password',
    'TypeOfPropertyIDs',
    'GeographicIDs',
    'Zips',
    'Goal',
    'Garden',
    'Terrace',
    'Budget',
    'PriceMin',
    'PriceMax',
    'MinRooms',
    'MaxRooms',
    'MinBathRooms',
    'MaxBathRooms',
    'MinGarages',
    'MaxGarages',
    'MinParkings',
    'MaxParkings',
    'Comment',
    'IsAlwaysCreatedDemand',
    'Categories',
    'LanguageIdFromParameter',
  ],
};

/** How the fake fails, as real ones do: a gateway error, a crash, a maintenance page, or a connection that never answers. */
export type FakeState = 'up' | 'down' | 'error' | 'html' | 'hangs';

export interface FakeOmnicasa {
  app: Hono;
  /** The agency's listings, as GetPropertyList lists them (the content's fields, SubStatus, ModifyDate). */
  properties: Record<string, unknown>[];
  /**
   * The proprietors it knows. CheckPersonLogin answers the person for a matching e-mail and
   * password, and no value otherwise (the clients document only the request: this shape is
   * the fake's, and the adapter reads nothing else).
   */
  owners: { Email: string; Password: string; FirstName: string; Name: string; PersonID: number }[];
  /**
   * The agents' visit moments (appointment objects): a listing, a start on the agency's wall
   * clock, its places and how many are taken. A contact with an AppointmentID takes a place,
   * or is refused when none is left, as an agent's agenda would.
   */
  appointments: { ID: number; ObjectID: number; StartDate: string; MaxNumberOfPersons: number; NumberOfPersons: number }[];
  /** Each owner's properties, by the owner's e-mail (the person's relation to the property). */
  related: Record<string, number[]>;
  /** Each property's communication history as the agents logged it. */
  histories: Record<number, { StartDate: string; TypeName: string; PersonName: string; Subject: string; Comment: string; StatusName: string; SourceName: string }[]>;
  /** Each property's online-media statistics, per portal and month. */
  media: Record<number, { MediaName: string; Date: string; NumberOfViews: number; NumberOfClicks: number; NumberOfContacts: number }[]>;
  /** Every call it accepted, by method, with its parameters. */
  calls: { method: string; params: Record<string, unknown> }[];
  state: FakeState;
}

export function fakeOmnicasa(credentials = { user: 'agency', password: 'secret' }, properties: Record<string, unknown>[] = []): FakeOmnicasa {
  const fake: FakeOmnicasa = { app: new Hono(), properties, owners: [], appointments: [], related: {}, histories: {}, media: {}, calls: [], state: 'up' };
  fake.app.get('/:call', async (c) => {
    if (fake.state === 'hangs') await new Promise<never>(() => undefined);
    if (fake.state === 'down') return c.text('Bad Gateway', 502);
    if (fake.state === 'error') return c.text('Internal Server Error', 500);
    if (fake.state === 'html') return c.html('<html><body>Maintenance</body></html>');
    const method = c.req.param('call').replace(/Json$/, '');
    const result = (value: unknown, error?: string) => c.json({ [`${method}JsonResult`]: { Success: !error, Value: error ? null : value, ErrorMessage: error ?? null } });
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(c.req.query('json') ?? '');
    } catch {
      return result(null, 'Invalid json parameter');
    }
    const { CustomerName, CustomerPassword, ...rest } = params;
    if (CustomerName !== credentials.user || CustomerPassword !== credentials.password) return result(null, 'Invalid customer name or password');
    const known = OMNICASA_PARAMETERS[method];
    if (!known) return result(null, `Unknown method ${method}`);
    const unknown = Object.keys(rest).filter((key) => !known.includes(key));
    if (unknown.length > 0) return result(null, `Unknown parameter ${unknown.join(', ')}`);
    if (method === 'GetPropertyList') {
      const since = typeof rest.ChangeSince === 'string' ? rest.ChangeSince : '';
      const found = fake.properties.filter((p) => !since || String(p.ModifyDate ?? '') >= since);
      const offset = Number(rest.Offset ?? 0);
      return result({ Items: found.slice(offset, offset + Number(rest.Limit ?? 100)), RowCount: found.length });
    }
    if (method === 'GetDeletedPropertyIDs') return result([]);
    if (method === 'GetAppointmentObject') {
      fake.calls.push({ method, params: rest });
      return result({ Items: fake.appointments.filter((a) => rest.ObjectID === undefined || a.ObjectID === rest.ObjectID) });
    }
    if (method === 'GetRelatedProperties' || method === 'GetCalendarHistories' || method === 'GetMediaObjectStatisticsGraphList') {
      fake.calls.push({ method, params: rest });
      if (method === 'GetRelatedProperties') {
        const ids = Object.entries(fake.related).find(([email]) => email.toLowerCase() === String(rest.Email).toLowerCase())?.[1] ?? [];
        return result({ Items: ids.map((ID) => ({ ID })), RowCount: ids.length });
      }
      if (method === 'GetCalendarHistories') return result({ Items: fake.histories[Number(rest.ObjectID)] ?? [] });
      const ids = Array.isArray(rest.ObjectIDs) ? rest.ObjectIDs.map(Number) : [];
      return result({ Items: ids.flatMap((id) => fake.media[id] ?? []) });
    }
    if (method === 'ContactOnMe' && rest.AppointmentID !== undefined) {
      const moment = fake.appointments.find((a) => a.ID === rest.AppointmentID);
      if (!moment) return result(null, 'Appointment not found');
      if (moment.NumberOfPersons >= moment.MaxNumberOfPersons) return result(null, 'The appointment is full');
      moment.NumberOfPersons += 1;
    }
    if (method === 'CheckPersonLogin') {
      fake.calls.push({ method, params: { ...rest, Password: '(hidden)' } });
      const owner = fake.owners.find((o) => o.Email.toLowerCase() === String(rest.Email).toLowerCase() && o.Password === rest.Password && rest.IsProprietors === true);
      return result(owner ? { PersonID: owner.PersonID, Email: owner.Email, FirstName: owner.FirstName, Name: owner.Name } : null);
    }
    fake.calls.push({ method, params: rest });
    return result(method === 'DemandRegister2' ? { ID: fake.calls.length } : true);
  });
  return fake;
}
