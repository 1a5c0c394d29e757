/**
 * Owners who log in with their agency's CRM credentials (a fake Omnicasa answering
 * CheckPersonLogin): the CRM judges the password and the site never keeps it; the site's
 * limits and lockout stay in front; while the CRM does not answer, the site's own password
 * decides.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/index.ts';
import { crmBindings, publish, routeToFake } from './support.ts';
import { fakeOmnicasa } from '../../scripts/lib/fakes/omnicasa.ts';
import { hashPassword, DECOY_HASH } from '../../worker/owners/password.ts';

const CRM_URL = 'https://omnicasa.fake/api';
const omnicasa = fakeOmnicasa();
omnicasa.owners.push({ Email: 'marie.crm@example.be', Password: 'Omnicasa-Secret-1', FirstName: 'Marie', Name: 'Crm', PersonID: 501 });
const crm = { ...crmBindings('omnicasa', CRM_URL) };

beforeAll(async () => {
  await publish();
  routeToFake(CRM_URL, () => omnicasa.app);
});
afterAll(() => {
  vi.restoreAllMocks();
});

let ip = 0;
async function logIn(username: string, password: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(
    'https://vitrine.test/fr/login/',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', 'CF-Connecting-IP': `198.51.100.${++ip}` },
      body: new URLSearchParams({ lang: 'fr', username, password }).toString(),
    },
    crm,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
const session = (response: Response) => /__Host-owner=[^;]+/.test(response.headers.get('Set-Cookie') ?? '');

describe('owners log in with their CRM credentials', () => {
  it('the CRM judges the password; the first login makes the site account, and the password never reaches D1', async () => {
    const response = await logIn('marie.crm@example.be', 'Omnicasa-Secret-1');
    expect(response.status).toBe(303);
    expect(session(response)).toBe(true);
    const row = await env.DB.prepare('SELECT name, password_hash FROM owners WHERE email = ?').bind('marie.crm@example.be').first<{ name: string; password_hash: string }>();
    expect(row).toEqual({ name: 'Marie Crm', password_hash: DECOY_HASH });
    expect(JSON.stringify(await env.DB.prepare('SELECT * FROM owners').all())).not.toContain('Omnicasa-Secret-1');
    expect(omnicasa.calls.at(-1)).toMatchObject({ method: 'CheckPersonLogin', params: { Email: 'marie.crm@example.be', IsProprietors: true } });
  });

  it('a wrong password is refused like every wrong password, and the site’s lockout holds even for the right one', async () => {
    expect((await logIn('marie.crm@example.be', 'not-it')).status).toBe(401);
    for (let i = 0; i < 10; i++) await logIn('marie.crm@example.be', `wrong-${i}`);
    const locked = await logIn('marie.crm@example.be', 'Omnicasa-Secret-1');
    expect(locked.status).toBe(429);
    expect(session(locked)).toBe(false);
    await env.DB.prepare('DELETE FROM login_attempts').run();
  });

  it('an address the CRM does not know opens nothing and makes no account', async () => {
    expect((await logIn('stranger.crm@example.be', 'Omnicasa-Secret-1')).status).toBe(401);
    expect(await env.DB.prepare('SELECT 1 FROM owners WHERE email = ?').bind('stranger.crm@example.be').first()).toBeNull();
  });

  it('while the CRM does not answer, the site’s own password decides', async () => {
    omnicasa.state = 'down';
    try {
      // Marie never chose a site password: nothing opens her account meanwhile.
      expect(session(await logIn('marie.crm@example.be', 'Omnicasa-Secret-1'))).toBe(false);
      await env.DB.prepare('UPDATE owners SET password_hash = ? WHERE email = ?')
        .bind(await hashPassword('Site-Password-22', env.PASSWORD_PEPPER), 'marie.crm@example.be')
        .run();
      expect(session(await logIn('marie.crm@example.be', 'Site-Password-22'))).toBe(true);
    } finally {
      omnicasa.state = 'up';
    }
  });
});
