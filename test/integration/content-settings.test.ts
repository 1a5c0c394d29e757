/**
 * Each setting the content schema accepts does what its name says, on the page a visitor
 * opens: banners, the SEO switch, the fixed menu, sub-menus, Twitter cards, language flags,
 * module title size, sub-categories and column widths, and Goal values besides 0 and 1.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../content/schema.ts';
import { demoContent, publish, request } from './support.ts';

type MenuPage = ContentSource['menu'][number];

function pageOf(content: ContentSource, id: number): MenuPage {
  const find = (pages: MenuPage[]): MenuPage | undefined => pages.map((p) => (p.id === id ? p : find(p.childMenus))).find(Boolean);
  const page = find(content.menu);
  if (!page) throw new Error(`no menu page ${id}`);
  return page;
}

/** The demo with its settings changed as `change` says, published. */
async function publishWith(change: (content: ContentSource) => void): Promise<void> {
  const content = demoContent();
  change(content);
  await publish(content);
}

const html = async (path: string) => (await request(path)).text();

describe('the page banner', () => {
  beforeAll(async () => {
    await publishWith((content) => {
      Object.assign(pageOf(content, 62).params, { showPageBanner: true, bannerType: 'image', image: '/media/site/banner-1.jpg' });
      Object.assign(pageOf(content, 63).params, { showPageBanner: true, bannerType: 'video', bannerVideo: '/media/site/banner.mp4', image: '/media/site/banner-1.jpg' });
      Object.assign(pageOf(content, 64).params, { showPageBanner: true, bannerType: 'color', bannerColor: '#123456' });
      Object.assign(pageOf(content, 61).params, { showPageBanner: true, bannerType: 'none' });
      Object.assign(pageOf(content, 11).params, { showPageBanner: true, bannerType: 'image', image: '/media/site/banner-1.jpg', bannerTransparent: true });
    });
  });

  it('an image banner draws its image behind the title', async () => {
    expect(await html('/fr/nos-services/location/')).toMatch(/<div class="page-banner page-banner--media" data-banner="image"><img class="page-banner__media" src="\/media\/site\/banner-1\.jpg"/);
  });

  it('a video banner plays muted, looping, inline, with the image as its poster', async () => {
    const page = await html('/fr/nos-services/gestion-privative/');
    const video = /<video class="page-banner__media" src="\/media\/site\/banner\.mp4"[^>]*>/.exec(page)?.[0] ?? '';
    for (const attribute of ['autoPlay=""', 'loop=""', 'muted=""', 'playsInline=""', 'aria-hidden="true"', 'poster="/media/site/banner-1.jpg"']) expect(video).toContain(attribute);
  });

  it('a colour banner is that colour', async () => {
    expect(await html('/fr/nos-services/syndic/')).toContain('data-banner="color" style="background:#123456"');
  });

  it('no banner when its type is none: the title is the page’s', async () => {
    expect(await html('/fr/nos-services/vente/')).not.toContain('page-banner');
  });

  it('a transparent banner lies under a see-through header', async () => {
    const page = await html('/fr/nos-services/temoignages/');
    expect(page).toContain('page-banner--transparent');
    expect(page).toMatch(/<header class="header[^"]*header--over-banner/);
    expect(await html('/fr/nos-services/location/')).not.toContain('header--over-banner');
  });
});

describe('the page’s other settings', () => {
  beforeAll(async () => {
    await publishWith((content) => {
      content.site.languageSetting.languageFlags = true;
      Object.assign(pageOf(content, 11).params, { isActiveSEO: false });
      Object.assign(pageOf(content, 6).params, { isHaveSubMenu: true });
      Object.assign(pageOf(content, 9).params, {
        isHaveSubMenu: true,
        subMenu: [
          { label: { fr: 'Nos bureaux', nl: 'Onze kantoren' }, link: '/contact/' },
          { label: { fr: 'Portail', nl: 'Portaal' }, link: 'https://coproprietaires.example.be/' },
        ],
        showFixedMenu: true,
        metadata: { fr: { twitterTitle: 'Contactez l’agence', twitterDescription: 'Réponse sous 24 h', twitterImage: '/media/site/banner-1.jpg' } },
      });
      const services = pageOf(content, 6).params.modules[0];
      if (services) services.isHasSubcategories = false;
    });
  });

  it('the SEO switch off: noindex, and out of the sitemap', async () => {
    expect(await html('/fr/nos-services/temoignages/')).toMatch(/<meta name="robots" content="noindex, follow"/);
    const sitemap = await (await request('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/fr/nos-services/temoignages/');
    expect(sitemap).toContain('/fr/contact/');
  });

  it('a sub-menu from the page’s own links, the current one marked, an external one in a new tab', async () => {
    const page = await html('/fr/contact/');
    expect(page).toMatch(/<nav class="sub-menu" aria-label="Dans cette rubrique"><ul><li><a [^>]*href="\/fr\/contact\/"[^>]*aria-current="page"[^>]*>Nos bureaux<\/a>/);
    expect(page).toContain('<a href="https://coproprietaires.example.be/" target="_blank" rel="noopener">Portail</a>');
  });

  it('a sub-menu without links of its own lists the page’s sub-pages', async () => {
    const page = await html('/nl/onze-diensten/');
    for (const href of ['/nl/onze-diensten/verkoop/', '/nl/onze-diensten/verhuur/']) expect(page).toMatch(new RegExp(`class="sub-menu"[\\s\\S]*href="${href}"`));
  });

  it('the fixed menu travels with the page to the browser', async () => {
    const data = await (await request('/api/page?lang=fr&path=%2Ffr%2Fcontact%2F')).json<{ page: { fixedMenu: boolean } }>();
    expect(data.page.fixedMenu).toBe(true);
    const other = await (await request('/api/page?lang=fr&path=%2Ffr%2Fnos-services%2F')).json<{ page: { fixedMenu: boolean } }>();
    expect(other.page.fixedMenu).toBe(false);
  });

  it('its own Twitter card', async () => {
    const page = await html('/fr/contact/');
    expect(page).toContain('<meta name="twitter:title" content="Contactez l’agence"');
    expect(page).toContain('<meta name="twitter:description" content="Réponse sous 24 h"');
    expect(page).toMatch(/<meta name="twitter:image" content="https:\/\/vitrine\.test\/media\/site\/banner-1\.jpg\?width=\d+&amp;format=jpeg"/);
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image"');
  });

  it('language flags beside each language', async () => {
    const page = await html('/fr/');
    expect(page.match(/<svg class="langs__flag"/g)?.length).toBe(4);
  });

  it('a category module without sub-categories lists only its own articles', async () => {
    expect(await html('/fr/nos-services/')).not.toContain('class="subcategory"');
  });
});

describe('modules', () => {
  beforeAll(async () => {
    await publish();
  });

  it('a module whose title size is h1 is the page’s heading', async () => {
    const page = await html('/fr/nos-services/vente/');
    expect(page.match(/<h1[\s>]/g)?.length).toBe(1);
    expect(page).toMatch(/<h1 class="module__title module__title--large">[^<]+<\/h1>/);
  });

  it('a category module with sub-categories lists them', async () => {
    expect(await html('/fr/nos-services/')).toContain('class="subcategory"');
  });

  it.each([
    ['/fr/contact/', ['--col-sm:12;--col-md:5;--col-lg:5', '--col-sm:12;--col-md:7;--col-lg:7']],
    ['/fr/', ['--col-sm:12;--col-md:6;--col-lg:6']],
  ])('%s: each module’s widths on a phone, a tablet and a desktop', async (path, widths) => {
    const page = await html(path);
    for (const width of widths) expect(page).toContain(`style="${width}`);
  });
});

describe('Goal', () => {
  it('any value but 0 is for rent', async () => {
    await publishWith((content) => {
      const rental = content.properties.find((p) => p.Goal === 1 && p.Status !== 'rented');
      if (rental) rental.Goal = 2;
    });
    const rent = await html('/fr/a-louer/');
    const sale = await html('/fr/a-vendre/');
    const id = demoContent().properties.find((p) => p.Goal === 1 && p.Status !== 'rented')?.ID ?? 0;
    expect(rent).toContain(`/${id}/`);
    expect(sale).not.toContain(`/${id}/"`);
  });
});
