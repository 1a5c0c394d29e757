/**
 * What the agency marks private stays private, through the real worker: a project whose
 * address is hidden shows only its rounded position (page data, map, JSON-LD), and a page's
 * text marked not public reaches neither the page nor its meta tags.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoRaw, publish, request } from './support.ts';
import { validateContent } from '../../content/schema.ts';

const SECRET_LAT = 50.458537;
const SECRET_LNG = 4.868219;

beforeAll(async () => {
  const raw = demoRaw() as { projects: Record<string, unknown>[]; menu: Record<string, unknown>[] };
  const project = raw.projects.find((p) => p.ID === 9001) as Record<string, unknown>;
  Object.assign(project, { PublicAddress: false, Latitude: SECRET_LAT, Longitude: SECRET_LNG });
  const services = raw.menu.find((m) => m.id === 6) as { params: Record<string, unknown> };
  services.params.description = { public: false, fr: 'Note interne : commission 4 %' };
  services.params.content = { public: false, fr: '<p>Brouillon confidentiel des honoraires</p>' };
  const sale = raw.menu.find((m) => m.id === 2) as { params: Record<string, unknown> };
  sale.params.description = { ...(sale.params.description as object), public: false };
  const result = validateContent(raw);
  if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
  await publish(result.content);
});

describe('what the agency marks private stays private', () => {
  it("a project's hidden address leaves only its rounded position in the page, its data and its JSON-LD", async () => {
    const list = await (await request('/fr/projets/')).text();
    const path = [...list.matchAll(/href="(\/fr\/projets\/[^"?#]+\/)"/g)].map((m) => m[1]).find((p) => p?.includes('9001')) ?? [...list.matchAll(/href="(\/fr\/projets\/[^"?#]+\/)"/g)][0]?.[1];
    expect(path).toBeTruthy();
    const page = await request(path ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const secret of [String(SECRET_LAT), String(SECRET_LNG), '50.4585', '4.8682']) expect(html).not.toContain(secret);
    expect(html).toContain('50.46');
    expect(html).toContain('4.87');
    // The data a browser navigation reads: the same position.
    const data = await request(`/api/page?path=${encodeURIComponent(path ?? '')}&lang=fr`);
    expect(data.status).toBe(200);
    const json = await data.text();
    expect(json).not.toContain(String(SECRET_LAT));
    expect(json).toContain('50.46');
  });

  it('text marked not public is neither the lead paragraph nor the meta description', async () => {
    const services = await (await request('/fr/nos-services/')).text();
    expect(services).not.toContain('commission 4');
    expect(services).not.toContain('Brouillon confidentiel');
    const sale = await (await request('/fr/a-vendre/')).text();
    expect(sale).not.toContain('Maisons, appartements et terrains à vendre en Wallonie');
  });
});
