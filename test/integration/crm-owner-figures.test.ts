/**
 * The owner portal shows the agency's CRM figures (a fake Omnicasa answering the owner's
 * properties, history and media statistics): the owner's properties are the CRM's, the
 * history rows and figures arrive dated, a reload within minutes does not ask the CRM again,
 * and a CRM that does not answer leaves the last figures with a note, never an error.
 */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PULL_LIMITS } from '../../content/crm-bounds.ts';
import { crmBindings, publish, request, routeToFake } from './support.ts';
import { fakeOmnicasa } from '../../scripts/lib/fakes/omnicasa.ts';
import { refreshOwnerFromCrm } from '../../worker/owners/crm-figures.ts';

const CRM_URL = 'https://omnicasa-owners.fake/api';
const EMAIL = 'paul.figures@example.be';
const omnicasa = fakeOmnicasa();
omnicasa.owners.push({ Email: EMAIL, Password: 'Omnicasa-Figures-1', FirstName: 'Paul', Name: 'Figures', PersonID: 777 });
omnicasa.related[EMAIL] = [2046, 2077];
omnicasa.histories[2046] = [
  { StartDate: '2026-11-20T14:00:00', TypeName: 'Visite', PersonName: 'Mme Lambert', Subject: 'Visite du samedi', Comment: 'Très intéressée par le jardin', StatusName: 'Fait', SourceName: 'Immoweb' },
  { StartDate: '2026-11-24T10:00:00', TypeName: 'Offre', PersonName: 'M. Dupont', Subject: 'Offre écrite', Comment: '', StatusName: 'En cours', SourceName: 'Site' },
];
omnicasa.media[2046] = [{ MediaName: 'Immoweb', Date: '2026-11-01T00:00:00', NumberOfViews: 1204, NumberOfClicks: 88, NumberOfContacts: 6 }];
const crm = crmBindings('omnicasa', CRM_URL);
const figureCalls = () => omnicasa.calls.filter((c) => c.method === 'GetRelatedProperties').length;

beforeAll(async () => {
  await publish();
  routeToFake(CRM_URL, () => omnicasa.app);
});
afterAll(() => {
  vi.restoreAllMocks();
});

const call = (path: string, init: RequestInit = {}) => request(path, init, crm);
async function logIn(): Promise<string> {
  const response = await call('/fr/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', 'CF-Connecting-IP': '198.51.100.201' },
    body: new URLSearchParams({ lang: 'fr', username: EMAIL, password: 'Omnicasa-Figures-1' }).toString(),
  });
  expect(response.status).toBe(303);
  return (response.headers.getSetCookie().find((c) => c.startsWith('__Host-owner=')) ?? '').split(';')[0] ?? '';
}
type Portal = { properties: { id: number }[]; history: { contact: string; subject: string }[]; media: { medium: string; views: number }[]; figuresAsOf: string | null; figuresNotRefreshed: boolean };
const portal = async (cookie: string, id: number): Promise<Portal> => (await call(`/api/owner/properties/${id}`, { headers: { Cookie: cookie } })).json();

describe('the owner portal shows the CRM’s figures', () => {
  it('the owner’s properties, history rows and media figures come from the CRM, dated; a reload within minutes does not ask again', async () => {
    const cookie = await logIn();
    const list: { properties: { id: number }[] } = await (await call('/api/owner/properties', { headers: { Cookie: cookie } })).json();
    expect(list.properties.map((p) => p.id).sort()).toEqual([2046, 2077]);
    const shown = await portal(cookie, 2046);
    expect(shown.history.map((h) => h.contact).sort()).toEqual(['M. Dupont', 'Mme Lambert']);
    expect(shown.media).toEqual([{ medium: 'Immoweb', views: 1204, clicks: 88, contacts: 6 }]);
    expect(Date.now() - Date.parse(shown.figuresAsOf ?? '')).toBeLessThan(60_000);
    expect(shown.figuresNotRefreshed).toBe(false);
    expect(figureCalls()).toBe(1);

    // The page too: the history row and the date are on it, in French.
    const page = await (await call('/fr/login/portail/', { headers: { Cookie: cookie, Accept: 'text/html' } })).text();
    expect(page).toMatch(/Chiffres du/);
    expect(figureCalls()).toBe(1);
  });

  it('a property the CRM no longer relates to the owner leaves the portal', async () => {
    const cookie = await logIn();
    await env.DB.prepare('DELETE FROM owner_crm_reads').run();
    omnicasa.related[EMAIL] = [2046];
    const list: { properties: { id: number }[] } = await (await call('/api/owner/properties', { headers: { Cookie: cookie } })).json();
    expect(list.properties.map((p) => p.id)).toEqual([2046]);
    expect((await call('/api/owner/properties/2077', { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it('a CRM down, 500 or answering HTML shows the last figures with a note, never an error page', async () => {
    const cookie = await logIn();
    for (const state of ['down', 'error', 'html'] as const) {
      await env.DB.prepare('DELETE FROM owner_crm_reads').run();
      omnicasa.state = state;
      const response = await call('/api/owner/properties/2046', { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const shown: Portal = await response.json();
      expect(shown.figuresNotRefreshed).toBe(true);
      expect(shown.history).toHaveLength(2);
      const page = await call('/fr/login/portail/', { headers: { Cookie: cookie, Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/derniers chiffres reçus/);
    }
    omnicasa.state = 'up';
  });

  it('a renamed field in the CRM’s answer is an error, not an empty history', async () => {
    const owner = await env.DB.prepare('SELECT id, email FROM owners WHERE email = ?').bind(EMAIL).first<{ id: number; email: string }>();
    await env.DB.prepare('DELETE FROM owner_crm_reads').run();
    const saved = omnicasa.histories[2046];
    omnicasa.histories[2046] = (saved ?? []).map(({ PersonName, ...rest }) => ({ ...rest, ContactName: PersonName })) as unknown as typeof saved & object;
    try {
      expect(await refreshOwnerFromCrm(crm, owner!, new Date())).toBe('not-refreshed');
      const reason = await env.DB.prepare('SELECT error FROM owner_crm_reads WHERE owner_id = ?').bind(owner!.id).first<{ error: string }>();
      expect(reason?.error).toMatch(/GetCalendarHistories.*PersonName/);
      expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM property_history WHERE property_id = 2046').first<{ n: number }>())?.n).toBe(2);
    } finally {
      omnicasa.histories[2046] = saved!;
    }
  });

  it('a CRM that hangs is given up on within the portal’s limit', async () => {
    const owner = await env.DB.prepare('SELECT id, email FROM owners WHERE email = ?').bind(EMAIL).first<{ id: number; email: string }>();
    await env.DB.prepare('DELETE FROM owner_crm_reads').run();
    const started = Date.now();
    const state = await refreshOwnerFromCrm(crm, owner!, new Date(), () => new Promise<Response>(() => undefined), { ...PULL_LIMITS, callMs: 50, maxBytes: 1024, maxPages: 1, runMs: 100 });
    expect(state).toBe('not-refreshed');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
