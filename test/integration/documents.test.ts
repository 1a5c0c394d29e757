import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoDocument } from '../../scripts/lib/demo-documents.ts';
import { publish, request } from './support.ts';

const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' };
let plan: Uint8Array;
let visitor = 0;

beforeAll(async () => {
  await publish();
  plan = await demoDocument('/media/demo/2074/plans.pdf');
  await env.FILES.put('demo/2074/plans.pdf', plan, { httpMetadata: { contentType: 'application/pdf' } });
  await env.FILES.put('demo/9001/brochure.pdf', await demoDocument('/media/demo/9001/brochure.pdf'));
  await env.FILES.put('uploads/cv/someone.pdf', plan);
  // 2081's plan is named by the content but was never uploaded.
  await env.FILES.delete('demo/2081/plans.pdf');
});

function post(fields: Record<string, string>) {
  return request('/forms/document-request', { method: 'POST', body: new URLSearchParams(fields), headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': `198.51.100.${++visitor}` } });
}

async function leads(): Promise<{ property_id: number | null; project_id: number | null }[]> {
  return (await env.DB.prepare("SELECT property_id, project_id FROM leads WHERE kind = 'document-request' ORDER BY created_at").all<{ property_id: number | null; project_id: number | null }>())
    .results;
}

describe('a downloadable document', () => {
  it('is a link on the property page with its format and size', async () => {
    const html = await (await request('/fr/a-vendre/charleroi/villa/2074/')).text();
    expect(html).toMatch(
      /<a href="\/media\/demo\/2074\/plans\.pdf" type="application\/pdf" class="documents__link">Plans<span class="documents__facts"> \((<!-- -->)?PDF, 2\s?ko(<!-- -->)?\)<\/span><\/a>/,
    );
  });

  it('is a link on the project page too, in the page’s language', async () => {
    const html = await (await request('/nl/projecten/residentie-les-jardins-de-meuse/9001/')).text();
    expect(html).toMatch(/href="\/media\/demo\/9001\/brochure\.pdf"[^>]*>Brochure<span class="documents__facts"> \((<!-- -->)?PDF, \d\s?kB/);
  });

  it('whose file is missing is not a dead link: it is on request', async () => {
    const html = await (await request('/fr/a-vendre/andenne/maison-mitoyenne/2081/')).text();
    expect(html).not.toContain('href="/media/demo/2081/plans.pdf"');
    expect(html).toContain('Plans<span class="documents__hint">');
  });

  it('opens in the browser’s viewer, named, never sniffed, with an ETag', async () => {
    const response = await request('/media/demo/2074/plans.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="plans.pdf"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(plan);
    const again = await request('/media/demo/2074/plans.pdf', { headers: { 'If-None-Match': response.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['the first bytes', 'bytes=0-3', 206, `bytes 0-3/SIZE`, '%PDF'],
    ['the last bytes', 'bytes=-6', 206, `bytes SIZE-6-SIZE-1/SIZE`, '\n%%EOF'],
    ['past the end', 'bytes=999999-', 416, 'bytes */SIZE', ''],
    ['a range it cannot read', 'bytes=a-b', 200, null, '%PDF'],
  ])('by ranges: %s', async (_what, range, status, contentRange, starts) => {
    const response = await request('/media/demo/2074/plans.pdf', { headers: { Range: range } });
    expect(response.status).toBe(status);
    const size = plan.length;
    const expected =
      contentRange
        ?.replace('SIZE-6', String(size - 6))
        .replace('SIZE-1', String(size - 1))
        .replace(/SIZE/g, String(size)) ?? null;
    expect(response.headers.get('content-range')).toBe(expected);
    expect((await response.text()).startsWith(starts)).toBe(true);
  });

  it.each(['/media/uploads/cv/someone.pdf', '/media/demo/2074/missing.pdf', '/media/demo/2074/PLANS.pdf', '/media/demo/%2e%2e/uploads/cv/someone.pdf'])('%s is not served', async (path) => {
    expect((await request(path)).status).toBe(404);
  });
});

describe('documents on request for a project', () => {
  it('the project page offers the document request form for its documents', async () => {
    const html = await (await request('/fr/projets/residence-les-jardins-de-meuse/9001/')).text();
    expect(html).toContain('Demander les documents');
    expect(html).toMatch(/<input type="hidden" name="projectId" value="9001"\/>/);
  });

  it('a request names the project, and a second one from the same address is not stored twice', async () => {
    const before = (await leads()).length;
    const fields = { lang: 'fr', name: 'Marie', email: 'marie.docs@example.be', projectId: '9001' };
    expect(await (await post(fields)).json()).toEqual({ ok: true, messageKey: 'DOCUMENTS_BY_EMAIL' });
    expect(await (await post(fields)).json()).toEqual({ ok: true, messageKey: 'DOCUMENTS_BY_EMAIL' });
    const after = await leads();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toEqual({ property_id: null, project_id: 9001 });
  });

  it('an unknown project gets the same answer and stores nothing', async () => {
    const before = (await leads()).length;
    expect(await (await post({ lang: 'fr', name: 'Eve', email: 'eve@example.be', projectId: '424242' })).json()).toEqual({ ok: true, messageKey: 'DOCUMENTS_BY_EMAIL' });
    expect((await leads()).length).toBe(before);
  });

  it.each([
    ['both a property and a project', { propertyId: '2074', projectId: '9001' }],
    ['neither', {}],
  ])('a request naming %s is refused and stores nothing', async (_what, ids) => {
    const before = (await leads()).length;
    const response = await post({ lang: 'fr', name: 'Eve', email: 'eve2@example.be', ...ids });
    expect(response.status).toBe(422);
    expect((await leads()).length).toBe(before);
  });
});
