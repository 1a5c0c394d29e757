/**
 * The owners' history and online-media figures where the CRM cannot be asked: imported
 * per property from the agency's records, each property's rows replaced whole, and dated
 * in the portal by when the records were taken.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { OwnerFiguresFile, importFigures } from '../../worker/owners/figures.ts';
import { portalView } from '../../worker/owners/stats.ts';
import { request } from './support.ts';

const OWNER = 9100;

beforeAll(async () => {
  await env.DB.prepare("INSERT OR IGNORE INTO owners (id, username, email, name, lang, password_hash, created_at) VALUES (?, 'figures', 'figures@example.be', 'F', 'fr', 'x', '2026-11-01T00:00:00Z')")
    .bind(OWNER)
    .run();
  await env.DB.batch([9201, 9202].map((id) => env.DB.prepare('INSERT OR IGNORE INTO owner_properties (owner_id, property_id) VALUES (?, ?)').bind(OWNER, id)));
});

const view = (selected: number | null) => portalView(env.DB, { ownerId: OWNER, ownerName: 'F', owned: [9201, 9202], selected, cards: [], today: '2026-11-27', notesLang: 'fr' });

describe('npm run owners -- import', () => {
  it('replaces each named property’s history and figures, and the portal dates them', async () => {
    const file = OwnerFiguresFile.parse({
      asOf: '2026-11-27T09:15:00Z',
      properties: [
        {
          id: 9201,
          history: [
            { date: '2026-11-20', type: 'visit', contact: 'M. Dupont', subject: 'Visite', comment: 'Intéressé', status: 'done', source: 'immoweb' },
            { date: '2026-11-25', type: 'offer', contact: 'Mme Lambert', subject: 'Offre', comment: '', status: 'open', source: 'site' },
          ],
          media: [{ medium: 'Immoweb', month: '2026-11', views: 812, clicks: 40, contacts: 3 }],
        },
      ],
    });
    expect(await importFigures(env.DB, file, new Date('2026-11-27T09:20:00Z'))).toEqual({ properties: 1, history: 2, media: 1, owners: 0, accounts: 0 });
    const portal = await view(9201);
    expect(portal.history.map((h) => h.contact)).toEqual(['Mme Lambert', 'M. Dupont']);
    expect(portal.media).toEqual([{ medium: 'Immoweb', views: 812, clicks: 40, contacts: 3 }]);
    expect(portal.figuresAsOf).toBe('2026-11-27T09:15:00.000Z');

    // The next import replaces, never adds: a row the CRM no longer has is gone.
    await importFigures(env.DB, { ...file, asOf: '2026-11-28T06:00:00Z', properties: [{ id: 9201, history: [file.properties[0]?.history[1]].filter((h) => h !== undefined), media: [] }] }, new Date());
    const again = await view(9201);
    expect(again.history).toHaveLength(1);
    expect(again.media).toEqual([]);
    expect(again.figuresAsOf).toBe('2026-11-28T06:00:00.000Z');
  });

  it('a property never imported has no date; all properties together show the oldest one', async () => {
    expect((await view(9202)).figuresAsOf).toBeNull();
    await importFigures(env.DB, OwnerFiguresFile.parse({ asOf: '2026-11-26T06:00:00Z', properties: [{ id: 9202 }] }), new Date());
    expect((await view(null)).figuresAsOf).toBe('2026-11-26T06:00:00.000Z');
  });

  it('makes an account for an owner the site does not know, with exactly the properties listed; no password opens it', async () => {
    const records = (properties: number[]) =>
      OwnerFiguresFile.parse({ asOf: '2026-11-27T09:15:00Z', owners: [{ email: 'Nouveau.Proprio@example.be', name: 'Paul Nouveau', lang: 'nl', properties }], properties: [] });
    expect(await importFigures(env.DB, records([2046, 2071]), new Date())).toMatchObject({ owners: 1, accounts: 1 });
    const owner = await env.DB.prepare('SELECT id, username, name, lang FROM owners WHERE email = ?')
      .bind('nouveau.proprio@example.be')
      .first<{ id: number; username: string; name: string; lang: string }>();
    expect(owner).toMatchObject({ name: 'Paul Nouveau', lang: 'nl' });
    const linked = async () =>
      (await env.DB.prepare('SELECT property_id FROM owner_properties WHERE owner_id = ? ORDER BY property_id').bind(owner?.id).all<{ property_id: number }>()).results.map((r) => r.property_id);
    expect(await linked()).toEqual([2046, 2071]);
    // The next import is the agency's records again: one property sold and handed over, one added; no second account.
    expect(await importFigures(env.DB, records([2071, 2085]), new Date())).toMatchObject({ owners: 1, accounts: 0 });
    expect(await linked()).toEqual([2071, 2085]);
    const login = await request('/nl/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', 'CF-Connecting-IP': '198.51.100.77' },
      body: new URLSearchParams({ lang: 'nl', username: 'nouveau.proprio@example.be', password: 'AAAAAAAAAAAAAAAA' }).toString(),
    });
    expect(login.headers.get('Set-Cookie') ?? '').not.toContain('__Host-owner=');
  });

  it.each([
    ['a month that is not one', { asOf: '2026-11-27T09:15:00Z', properties: [{ id: 1, media: [{ medium: 'Zimmo', month: '2026-13', views: 1 }] }] }, 'properties.0.media.0.month'],
    ['no date of the records', { properties: [] }, 'asOf'],
    ['a field the file does not have', { asOf: '2026-11-27T09:15:00Z', properties: [{ id: 1, visits: 3 }] }, 'properties.0'],
    ['negative views', { asOf: '2026-11-27T09:15:00Z', properties: [{ id: 1, media: [{ medium: 'Zimmo', month: '2026-11', views: -1 }] }] }, 'properties.0.media.0.views'],
  ])('refuses %s, naming where, before writing anything', (_name, input, path) => {
    const parsed = OwnerFiguresFile.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
