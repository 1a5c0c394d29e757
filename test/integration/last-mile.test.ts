/**
 * The specification's small things, through the real worker: a project's box number in its
 * address, one figure per notary cost, a menu page's gallery banner, logo and module rows.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SLOT_IDS } from '../../domain/rules/contact-slots.ts';
import { demoRaw, publish, request } from './support.ts';
import { validateContent } from '../../content/schema.ts';

beforeAll(async () => {
  const raw = demoRaw() as { projects: Record<string, unknown>[]; properties: Record<string, unknown>[] };
  Object.assign(raw.projects.find((p) => p.ID === 9001) as Record<string, unknown>, { BoxNr: '3B' });
  // The CRM's own notary figure, typed once, beside the estimate the page computes from the price.
  Object.assign(raw.properties.find((p) => p.ID === 2071) as Record<string, unknown>, { NotaryFeeExVat: 3456, NotaryFeeIncVat: 4181 });
  // A services page as an agency may set it: a gallery banner, its own logo, modules in three rows, a width by span alone.
  const menu = (raw as unknown as { menu: { id: number; params: Record<string, unknown> }[] }).menu;
  const services = menu.find((page) => page.id === 6)!;
  Object.assign(services.params, {
    showPageBanner: true,
    bannerType: 'gallery',
    bannerImages: [{ url: '/media/site/banner-2.jpg', mimetype: 'image/jpeg', originalname: 'salon.jpg' }, { url: '/media/site/banner-1.jpg' }],
    logo: '/media/site/partner-logo.png',
    modules: [
      ...(services.params.modules as unknown[]),
      { id: 6901, sort: 9, position: 'topRow', title: { fr: 'Module du haut' }, relations: { type: 'article', id: 53 } },
      { id: 6902, sort: 1, position: 'bottomRow', title: { fr: 'Module du bas' }, relations: { type: 'article', id: 54 } },
      { id: 6903, sort: 5, span: 6, title: { fr: 'Module à moitié' }, relations: { type: 'article', id: 53 } },
    ],
  });
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

  describe('a menu page as the agency set it', () => {
    const servicesPage = async () => (await request('/fr/nos-services/')).text();

    it('a gallery banner shows its photos in turn, with the button that stops them', async () => {
      const html = await servicesPage();
      const banner = /<div class="page-banner page-banner--media"[\s\S]*?<\/button><\/div>/.exec(html)?.[0] ?? '';
      expect([...banner.matchAll(/<img [^>]*class="page-banner__media slide[^"]*"[^>]*src="([^"?]+)/g)].map((m) => m[1])).toEqual(['/media/site/banner-2.jpg', '/media/site/banner-1.jpg']);
      expect(banner).toMatch(/aria-pressed="(true|false)"/);
      expect(banner).toMatch(/<h1>Nos services<\/h1>|<h1>[^<]+<\/h1>/);
    });

    it('its own logo stands in the header on that page only', async () => {
      expect(await servicesPage()).toMatch(/class="header__logo[^"]*"[^>]*><img src="\/media\/site\/partner-logo\.png"/);
      expect(await (await request('/fr/contact/')).text()).not.toContain('partner-logo.png');
    });

    it('modules stand in their rows: above the page’s text, in its body, and last', async () => {
      const html = await servicesPage();
      const at = (text: string) => html.indexOf(text);
      expect(at('Module du haut')).toBeGreaterThan(0);
      // The top row before the body's modules; the bottom row after the links to the sub-pages.
      expect(at('Module du haut')).toBeLessThan(at('modules--contentRow'));
      expect(at('Module du bas')).toBeGreaterThan(at('class="link-cards"'));
      expect(at('Module du bas')).toBeGreaterThan(at('Module à moitié'));
    });

    it('a span alone sets the width from a tablet up; a phone keeps the module full width', async () => {
      const html = await servicesPage();
      const section = /<section [^>]*style="([^"]*)"[^>]*aria-label="Module à moitié"/.exec(html)?.[1] ?? '';
      expect(section).toContain('--col-sm:12');
      expect(section).toContain('--col-md:6');
      expect(section).toContain('--col-lg:6');
    });
  });

  describe('a field asked only when another answer calls for it', () => {
    const send = async (email: string, contactDevice: string) => {
      const response = await request('/forms/site-contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${email.length}` },
        body: new URLSearchParams({
          lang: 'fr',
          back: '/fr/contact/',
          title: 'ms',
          firstName: 'Anne',
          lastName: 'Petit',
          email,
          phone: '0475 12 34 56',
          contactDevice,
          contactTime: CONTACT_SLOT_IDS[0],
        }),
      });
      expect(response.status).toBe(200);
      const row = await env.DB.prepare('SELECT payload FROM leads WHERE email = ?').bind(email).first<{ payload: string }>();
      return JSON.parse(row?.payload ?? '{}') as Record<string, unknown>;
    };

    it('a visitor who asks to be written to is not asked when to be called: a time sent anyway is not kept', async () => {
      expect(await send('anne.ecrit@example.be', 'email')).not.toHaveProperty('contactTime');
      expect(await send('anne.appel@example.be', 'phone')).toHaveProperty('contactTime', CONTACT_SLOT_IDS[0]);
    });

    it('the form asks when to call unless the visitor chose e-mail, also when it comes back with an error', async () => {
      expect(await (await request('/fr/contact/')).text()).toContain('name="contactTime"');
      const refused = async (contactDevice: string) => {
        const response = await request('/forms/site-contact', {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin', 'CF-Connecting-IP': '198.51.100.77' },
          body: new URLSearchParams({ lang: 'fr', back: '/fr/contact/', title: 'ms', firstName: 'Anne', lastName: '', email: 'anne@example.be', phone: '0475 12 34 56', contactDevice }),
        });
        const location = response.headers.get('Location');
        return response.status === 303 && location ? (await request(location)).text() : response.text();
      };
      const written = await refused('email');
      expect(written).toContain('aria-invalid="true"');
      expect(written).not.toContain('name="contactTime"');
      expect(await refused('phone')).toContain('name="contactTime"');
    });
  });
});
