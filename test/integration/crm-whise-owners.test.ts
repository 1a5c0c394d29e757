/**
 * Whise's owners (a fake Whise answering its owner area as the API's clients call it): the
 * owner logs in with the credentials of Whise's owner area, `estates/owned/list` both checks
 * them and says which listings are the owner's, the portal shows the history Whise logged
 * for them, and the password never reaches D1.
 */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crmBindings, publish, request, routeToFake } from './support.ts';
import { fakeWhise } from '../../scripts/lib/fakes/whise.ts';

const CRM_URL = 'https://whise-owners.fake';
const EMAIL = 'lucie.whise@example.be';
const whise = fakeWhise();
whise.owners.push({ username: EMAIL, password: 'Whise-Owner-1', estates: [2041, 2046] });
whise.histories.push(
  {
    id: 1,
    createDateTime: '2026-11-21T10:00:00',
    subject: 'Visite du samedi',
    description: 'Couple avec deux enfants',
    action: { name: 'Visite' },
    contacts: [{ name: 'M. Lemaire' }],
    estates: [{ id: 2046 }],
  },
  { id: 2, createDateTime: '2026-11-23T16:00:00', subject: 'Offre orale', description: null, action: { name: 'Offre' }, contacts: [], estates: [{ id: 2041 }] },
);
const crm = crmBindings('whise', CRM_URL);

beforeAll(async () => {
  await publish();
  routeToFake(CRM_URL, () => whise.app);
});
afterAll(() => {
  vi.restoreAllMocks();
});

const call = (path: string, init: RequestInit = {}) => request(path, init, crm);
let ip = 0;
const logIn = (password: string) =>
  call('/fr/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', 'CF-Connecting-IP': `198.51.100.${++ip + 150}` },
    body: new URLSearchParams({ lang: 'fr', username: EMAIL, password }).toString(),
  });
const cookieOf = (response: Response) => (response.headers.getSetCookie().find((c) => c.startsWith('__Host-owner=')) ?? '').split(';')[0] ?? '';

describe('Whise’s owners', () => {
  it('a wrong password opens nothing and makes no account', async () => {
    expect((await logIn('not-it')).status).toBe(401);
    expect(await env.DB.prepare('SELECT 1 FROM owners WHERE email = ?').bind(EMAIL).first()).toBeNull();
  });

  it('log in with Whise’s owner-area credentials; their listings are Whise’s, with the history Whise logged', async () => {
    const response = await logIn('Whise-Owner-1');
    expect(response.status).toBe(303);
    const cookie = cookieOf(response);
    expect(JSON.stringify(await env.DB.prepare('SELECT * FROM owners').all())).not.toContain('Whise-Owner-1');
    const list: { properties: { id: number }[] } = await (await call('/api/owner/properties', { headers: { Cookie: cookie } })).json();
    expect(list.properties.map((p) => p.id).sort()).toEqual([2041, 2046]);
    const one: { history: { contact: string; subject: string; type: string }[]; figuresAsOf: string | null } = await (await call('/api/owner/properties/2046', { headers: { Cookie: cookie } })).json();
    expect(one.history).toEqual([expect.objectContaining({ contact: 'M. Lemaire', subject: 'Visite du samedi', type: 'Visite' })]);
    expect(one.figuresAsOf).not.toBeNull();
    expect(whise.calls.find((c) => c.path === 'activities/histories')?.body).toEqual({ Filter: { EstateIds: [2041, 2046] } });
  });

  it('an estate Whise no longer lists as the owner’s leaves the portal at the next login', async () => {
    whise.owners[0]!.estates = [2046];
    const cookie = cookieOf(await logIn('Whise-Owner-1'));
    const list: { properties: { id: number }[] } = await (await call('/api/owner/properties', { headers: { Cookie: cookie } })).json();
    expect(list.properties.map((p) => p.id)).toEqual([2046]);
  });
});
