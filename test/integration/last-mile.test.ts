/**
 * The specification's small things, through the real worker: a project's box number in its
 * address, one figure per notary cost, and an unknown Marquee code the agency is told about.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoRaw, publish, request } from './support.ts';
import { validateContent } from '../../content/schema.ts';

beforeAll(async () => {
  const raw = demoRaw() as { projects: Record<string, unknown>[]; properties: Record<string, unknown>[] };
  Object.assign(raw.projects.find((p) => p.ID === 9001) as Record<string, unknown>, { BoxNr: '3B' });
  // The CRM's own notary figure, typed once, beside the estimate the page computes from the price.
  Object.assign(raw.properties.find((p) => p.ID === 2071) as Record<string, unknown>, { NotaryFeeExVat: 3456, NotaryFeeIncVat: 4181 });
  const result = validateContent(raw);
  if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
  await publish(result.content);
});

describe('the last mile', () => {
  it('a project’s address keeps its box number', async () => {
    const list = await (await request('/fr/projets/')).text();
    const paths = [...list.matchAll(/href="(\/fr\/projets\/[^"?#]+\/)"/g)].map((m) => m[1] ?? '');
    const pages = await Promise.all(paths.map(async (path) => (await request(path)).text()));
    expect(pages.some((html) => /bte 3B/.test(html))).toBe(true);
  });

  it('the CRM’s notary fees never stand beside the estimated notary total', async () => {
    const page = await request('/property/2071/?lng=fr');
    const html = await (await request(page.headers.get('Location') ?? '')).text();
    // The estimate from the price is there; the CRM's figure is in neither the page nor its data.
    expect(html).toContain('section class="panel costs"');
    expect(html).toContain('NotaryFeeExVat:null');
    expect(html).not.toContain('Frais de notaire (HTVA)');
    expect(html).not.toMatch(/3\.456/);
  });
});
