/**
 * Turns validated source content into the KV entries of one version: per-language
 * bundles grouped by how pages read them (one site bundle, one listing per language, one key per detail). Pure and
 * deterministic, so the publish script, the tests and the benchmark share it.
 */
import type {
  ArticleView,
  CardView,
  LinkItem,
  MenuItem,
  ModuleView,
  PageView,
  PagesBundle,
  PathTarget,
  PictureView,
  ProjectCardView,
  RoutingBundle,
  SiteBundle,
  SitemapBundle,
  SitemapEntry,
  TeamMemberView,
} from '../domain/bundles.ts';
import type { PropertyPageView, ProjectPageView } from '../domain/page-data.ts';
import type { Lang } from '../domain/lang.ts';
import { splitWebIds, toPropertyCard, type ContentSource, type MenuPage, type Module, type PropertyDetail, type Project, type PublicText, type TranslatableText } from './schema.ts';
import { GOAL_SEGMENTS, propertyPath, slugify, toPath } from '../domain/rules/slug.ts';
import { isExternalLink } from '../domain/rules/links.ts';
import { epcDisplay, epcImagePath, epcOf } from '../domain/rules/epc.ts';
import { BELGIUM, regionOf } from '../domain/rules/region.ts';
import { goalOf, isForSale } from '../domain/rules/goal.ts';
import { registrationRights } from '../domain/rules/buying-costs.ts';
import { renovationDuty } from '../domain/rules/renovation.ts';
import { goneOn } from '../domain/rules/gone.ts';

type Twins = Partial<Record<Lang, string>>;

interface Ctx {
  source: ContentSource;
  langs: Lang[];
  defaultLang: Lang;
}

/** Text in `lang`, falling back to the default language so a menu never shows a hole. */
function tr(text: TranslatableText | undefined, lang: Lang, ctx: Ctx): string {
  return text?.[lang] || text?.[ctx.defaultLang] || '';
}

function publicText(text: PublicText | undefined, lang: Lang, ctx: Ctx): string | null {
  if (!text?.public) return null;
  return tr(text, lang, ctx) || null;
}

function homePath(lang: Lang): string {
  return `/${lang}/`;
}

interface MenuNode {
  page: MenuPage;
  /** Joined segments per language, without the language prefix. */
  segments: Twins;
  parent: MenuNode | null;
}

function walkMenu(pages: MenuPage[], ctx: Ctx, parent: MenuNode | null = null, out: MenuNode[] = []): MenuNode[] {
  for (const page of [...pages].sort((a, b) => a.sort - b.sort)) {
    if (page.status !== 'Published') continue;
    const segments: Twins = {};
    for (const lang of ctx.langs) {
      const own = page.path[lang] ?? page.path[ctx.defaultLang] ?? '';
      const base = parent?.segments[lang] ?? '';
      segments[lang] = [base, own].filter(Boolean).join('/');
    }
    const node: MenuNode = { page, segments, parent };
    out.push(node);
    walkMenu(page.childMenus, ctx, node, out);
  }
  return out;
}

function fullPath(lang: Lang, joined: string | undefined): string {
  return joined ? `/${lang}/${joined}/` : homePath(lang);
}

function twinsOf(node: MenuNode, ctx: Ctx): Twins {
  const twins: Twins = {};
  for (const lang of ctx.langs) twins[lang] = fullPath(lang, node.segments[lang]);
  return twins;
}

function pictureOf(photo: { Url: string; Width: number; Height: number; Name: string } | undefined): PictureView | null {
  return photo ? { url: photo.Url, width: photo.Width, height: photo.Height, name: photo.Name } : null;
}

function moduleView(module: Module, lang: Lang, ctx: Ctx): ModuleView {
  return {
    id: module.id,
    title: tr(module.title, lang, ctx),
    titleSize: module.titleSize,
    description: tr(module.description, lang, ctx),
    description2: tr(module.description2, lang, ctx),
    view: module.view,
    className: module.class,
    background: module.backgroundType === 'color' && module.colorBackground ? module.colorBackground : null,
    image: module.image,
    images: module.images.map((i) => i.url),
    numberItemOfRow: module.numberItemOfRow,
    maxItems: module.maxItems,
    span: module.span,
    col: module.col,
    relation: {
      type: module.relations.type,
      id: module.relations.id === null ? null : String(module.relations.id),
      goal: module.relations.filter?.goal ?? null,
    },
  };
}

/** Compiles everything; returns KV key suffix → JSON text. */
export function compileContent(source: ContentSource, version: string): Map<string, string> {
  const setting = source.site.languageSetting;
  const langs = setting.languageUse.filter((l) => l.use).map((l) => l.code);
  const ctx: Ctx = { source, langs, defaultLang: setting.languageDefault };
  const out = new Map<string, string>();
  const put = (key: string, value: unknown) => out.set(key, JSON.stringify(value));

  const nodes = walkMenu(source.menu, ctx);
  const categoriesByWebId = new Map(source.categories.map((c) => [c.WebID, c]));

  // Every localized path that has twins, so internal redirect URLs can be localized.
  const twinsByPath = new Map<string, Twins>();
  for (const node of nodes) {
    const twins = twinsOf(node, ctx);
    for (const path of Object.values(twins)) if (path) twinsByPath.set(path, twins);
  }
  const entryTwins = (entry: ContentSource['pathTable'][number]): Twins => {
    const twins: Twins = {};
    for (const lang of ctx.langs) if (entry[lang]) twins[lang] = entry[lang];
    return twins;
  };
  for (const entry of source.pathTable) {
    const twins = entryTwins(entry);
    for (const path of Object.values(twins)) if (path) twinsByPath.set(path, twins);
  }
  const localize = (url: string, lang: Lang): string => {
    if (isExternalLink(url)) return url;
    const normalized = url.endsWith('/') ? url : `${url}/`;
    return twinsByPath.get(normalized)?.[lang] ?? normalized;
  };

  // Originals: the English path segment of a menu page is its original path.
  const originals: RoutingBundle['originals'] = {};
  for (const node of nodes) {
    const original = node.page.kind === 'home' ? null : toPath(...(node.segments.en ?? node.page.name).split('/'));
    if (original) originals[original.toLowerCase()] = twinsOf(node, ctx);
  }
  for (const entry of source.pathTable) originals[entry.original.toLowerCase()] = entryTwins(entry);

  const paths: RoutingBundle['paths'] = {};
  const breadcrumbOf = (node: MenuNode, lang: Lang) => {
    const chain: MenuNode[] = [];
    for (let n: MenuNode | null = node; n; n = n.parent) chain.unshift(n);
    return [
      { label: ctx.source.translations[lang]?.HOME ?? 'Home', path: homePath(lang) },
      ...chain.filter((n) => n.page.kind !== 'home').map((n) => ({ label: tr(n.page.params.title, lang, ctx) || n.page.name, path: fullPath(lang, n.segments[lang]) })),
    ];
  };
  for (const node of nodes) {
    const twins = twinsOf(node, ctx);
    for (const lang of ctx.langs) {
      const path = twins[lang];
      if (!path) continue;
      const redirect = node.page.params.redirect && node.page.params.redirectUrl;
      const target: PathTarget = {
        kind: redirect ? 'redirect' : node.page.kind,
        lang,
        ref: String(node.page.id),
        original: originalOf(node),
        twins,
        breadcrumb: breadcrumbOf(node, lang),
      };
      if (redirect) target.location = localize(redirect, lang);
      paths[path] = target;
    }
  }
  for (const entry of source.pathTable) {
    const twins = entryTwins(entry);
    for (const lang of ctx.langs) {
      const path = twins[lang];
      if (!path) continue;
      const kind: PathTarget['kind'] = entry.type === 'feedback' ? 'thanks' : entry.type === 'login' ? 'login' : (entry.kind ?? 'article');
      paths[path] = {
        kind,
        lang,
        ...(entry.messageKey ? { messageKey: entry.messageKey } : {}),
        ref: entry.type === 'feedback' ? (entry.feedback ?? '') : `path:${entry.original}`,
        original: entry.original,
        twins,
        breadcrumb: [
          { label: ctx.source.translations[lang]?.HOME ?? 'Home', path: homePath(lang) },
          // The path table's own home crumb is the one above.
          ...entry.breadcrumb.filter((b) => b.path !== '/').map((b) => ({ label: tr(b.label, lang, ctx), path: originals[b.path.toLowerCase()]?.[lang] ?? b.path })),
        ],
      };
    }
  }

  function originalOf(node: MenuNode): string {
    return node.page.kind === 'home' ? '/' : toPath(...(node.segments.en ?? node.page.name).split('/'));
  }

  const projectSegments: Twins = {};
  const projectsNode = nodes.find((n) => n.page.kind === 'projects');
  for (const lang of ctx.langs) projectSegments[lang] = projectsNode?.segments[lang] ?? 'projects';
  const listSegments: RoutingBundle['listSegments'] = { sale: {}, rent: {} };
  for (const lang of ctx.langs) {
    listSegments.sale[lang] = GOAL_SEGMENTS[lang].sale;
    listSegments.rent[lang] = GOAL_SEGMENTS[lang].rent;
  }

  const routing: RoutingBundle = { languages: ctx.langs, defaultLang: ctx.defaultLang, paths, originals, listSegments, projectSegments };
  put('routing', routing);

  put('sitemap', sitemapOf(paths, source, ctx, categoriesByWebId, projectSegments));

  const firstPath = (kind: PathTarget['kind'], lang: Lang): string | undefined => Object.entries(paths).find(([, t]) => t.kind === kind && t.lang === lang)?.[0];
  const pathByOriginal = (original: string, lang: Lang): string | undefined => originals[original]?.[lang];

  for (const lang of ctx.langs) {
    const dict = source.translations[lang] ?? {};
    const cards = source.properties.map((p) => cardOf(p, lang, ctx, categoriesByWebId));
    const projects = source.projects.map((p) => projectCardOf(p, lang, ctx, projectSegments));

    // Site bundle: what the layout needs, small enough to ship to the browser.
    const menuItemOf = (node: MenuNode): MenuItem => {
      const redirect = node.page.params.redirect ? node.page.params.redirectUrl : undefined;
      return {
        id: node.page.id,
        label: tr(node.page.params.title, lang, ctx) || node.page.name,
        href: redirect ? localize(redirect, lang) : fullPath(lang, node.segments[lang]),
        newTab: Boolean(redirect),
        children: nodes.filter((n) => n.parent === node).map(menuItemOf),
      };
    };
    const menu = nodes.filter((n) => n.parent === null && (n.page.kind !== 'home' || source.site.header.showHomeMenu)).map(menuItemOf);
    const linkOf = (item: ContentSource['site']['topBar']['left'][number]): LinkItem => {
      const link: LinkItem = { label: tr(item.label, lang, ctx), href: isExternalLink(item.link) ? item.link : localize(item.link, lang), external: isExternalLink(item.link) };
      if (item.icon) link.icon = item.icon;
      if (item.color) link.color = item.color;
      return link;
    };
    const { site } = source;
    const homes: Record<string, string> = {};
    for (const l of ctx.langs) homes[l] = homePath(l);
    const siteBundle: SiteBundle = {
      version,
      lang,
      languages: ctx.langs,
      defaultLang: ctx.defaultLang,
      agency: { ...site.agency, openingHours: site.agency.openingHours.map((h) => ({ days: [...h.days], opens: h.opens, closes: h.closes })) },
      header: {
        logoPosition: site.header.logoPosition,
        showLogoAtStart: site.header.showLogoAtStart,
        fixedHeaderOnScroll: site.header.fixedHeaderOnScroll,
        maxMenuItems: site.header.maxMenuItems ?? null,
      },
      topBar: {
        left: site.topBar.left.filter((i) => i.status).map(linkOf),
        right: site.topBar.right.filter((i) => i.status).map(linkOf),
        fontSize: site.topBar.fontSize,
        color: site.topBar.color,
        bgColor: site.topBar.bgColor,
      },
      menu,
      footer: {
        bgColor: site.footer.bgColor,
        textColor: site.footer.textColor,
        maxWidth: site.footer.maxWidth,
        copyright: tr(site.footer.copyright, lang, ctx),
        columns: site.footer.bottom.map((c) => {
          const column: SiteBundle['footer']['columns'][number] = { images: c.image.map((i) => i.url), col: c.col };
          const title = publicText(c.title, lang, ctx);
          const intro = publicText(c.introText, lang, ctx);
          const full = publicText(c.fullText, lang, ctx);
          if (title) column.title = title;
          if (intro) column.introText = intro;
          if (full) column.fullText = full;
          return column;
        }),
      },
      banner: {
        type: site.banner.type,
        images: site.banner.type === 'gallery' && site.banner.gallery.images.length > 0 ? site.banner.gallery.images.map((i) => i.url) : [site.banner.image.url],
        video: site.banner.type === 'video' ? (site.banner.video?.url ?? null) : null,
        title: publicText(site.banner.title, lang, ctx),
        description: publicText(site.banner.description, lang, ctx),
        autoplaySpeed: site.banner.gallery.config.autoplay ? site.banner.gallery.config.autoplaySpeed : null,
      },
      homes,
      links: {
        sale: firstPath('list-sale', lang) ?? homePath(lang),
        rent: firstPath('list-rent', lang) ?? homePath(lang),
        valuation: firstPath('free-valuation', lang) ?? pathByOriginal('/contact-demand/', lang) ?? homePath(lang),
        contact: firstPath('contact', lang) ?? homePath(lang),
        privacy: pathByOriginal('/privacy-statement/', lang) ?? homePath(lang),
        cookies: pathByOriginal('/cookie-policy/', lang) ?? homePath(lang),
        disclaimer: pathByOriginal('/disclaimer/', lang) ?? homePath(lang),
      },
      siteInfo: {
        analyticsId: site.siteInfo.siteGoogleAnalyticsID,
        adsId: site.siteInfo.siteGoogleAdsID,
        tagManagerId: site.siteInfo.siteGoogleTagManager,
        facebookPixel: site.siteInfo.siteFacebookPixel,
      },
      marqueeIgnore: site.marqueeIgnore,
      categories: [...source.categories].sort((a, b) => a.ShowOrder - b.ShowOrder).map((c) => ({ webId: c.WebID, name: tr(c.Name, lang, ctx) })),
      dict,
    };
    put(`site/${lang}`, siteBundle);

    // Pages bundle: server-side page content of this language.
    const articleOf = (a: ContentSource['articles'][number]): ArticleView => ({
      id: a.id,
      categoryId: a.categoryId,
      title: tr(a.title, lang, ctx),
      summary: tr(a.summary, lang, ctx),
      body: tr(a.body, lang, ctx),
      image: a.image,
    });
    const articles = source.articles
      .filter((a) => a.status === 'Published')
      .sort((a, b) => a.sort - b.sort)
      .map(articleOf);
    const pages: Record<string, PageView> = {};
    const pagePaths: Record<string, string> = {};
    const articlePaths: Record<string, string> = {};
    for (const node of nodes) {
      const p = node.page.params;
      const meta = p.metadata[lang] ?? {};
      pages[String(node.page.id)] = {
        id: node.page.id,
        kind: node.page.kind,
        title: tr(p.title, lang, ctx) || node.page.name,
        description: tr(p.description, lang, ctx),
        content: tr(p.content, lang, ctx),
        meta: { ...meta },
        modules: p.modules
          .filter((m) => m.status === 'Published')
          .sort((a, b) => a.sort - b.sort)
          .map((m) => moduleView(m, lang, ctx)),
        showBreadCrumb: p.showBreadCrumb,
        showPageBanner: p.showPageBanner,
        bannerTitle: p.bannerTitle ? tr(p.bannerTitle, lang, ctx) || null : null,
        bannerDescription: p.bannerDescription ? tr(p.bannerDescription, lang, ctx) || null : null,
        bannerColor: p.bannerColor ?? null,
        noReferrerNoFollow: p.noReferrerNoFollow,
        css: p.css ?? null,
        childIds: nodes.filter((n) => n.parent === node).map((n) => n.page.id),
      };
      pagePaths[String(node.page.id)] = p.redirect && p.redirectUrl ? localize(p.redirectUrl, lang) : fullPath(lang, node.segments[lang]);
      for (const m of p.modules) {
        if (m.relations.type === 'article' && m.view === 'single-view' && node.page.kind !== 'home') articlePaths[String(m.relations.id)] ??= fullPath(lang, node.segments[lang]);
      }
    }
    for (const entry of source.pathTable) {
      if (entry.type === 'feedback' || entry.type === 'login') continue;
      const article = entry.articleId !== undefined ? source.articles.find((a) => a.id === entry.articleId) : undefined;
      const title = article ? tr(article.title, lang, ctx) : tr(entry.breadcrumb.at(-1)?.label, lang, ctx);
      pages[`path:${entry.original}`] = {
        id: entry.articleId ?? 0,
        kind: entry.kind ?? 'article',
        title,
        description: article ? tr(article.summary, lang, ctx) : '',
        content: article ? tr(article.body, lang, ctx) : '',
        meta: {},
        modules: [],
        showBreadCrumb: true,
        showPageBanner: false,
        bannerTitle: null,
        bannerDescription: null,
        bannerColor: null,
        noReferrerNoFollow: false,
        css: null,
        childIds: [],
      };
    }
    const team: TeamMemberView[] = source.team
      .filter((m) => m.status === 'Published')
      .sort((a, b) => a.sort - b.sort)
      .map((m) => ({ id: m.id, name: m.name, role: tr(m.role, lang, ctx), languages: m.languages, phone: m.phone, email: m.email, photo: m.photo }));
    const belgian = cards.filter((c) => c.countryId === BELGIUM);
    const categories = source.categories
      .map((c) => ({
        id: c.ID,
        webId: c.WebID,
        name: tr(c.Name, lang, ctx),
        showOrder: c.ShowOrder,
        sale: c.Sale,
        rent: c.Rent,
        countSale: belgian.filter((card) => isForSale(card.goal) && card.webIds.includes(c.WebID)).length,
        countRent: belgian.filter((card) => !isForSale(card.goal) && card.webIds.includes(c.WebID)).length,
      }))
      .sort((a, b) => a.showOrder - b.showOrder);
    const cityMap = new Map<string, PagesBundle['cities'][number]>();
    for (const card of cards) {
      const key = `${card.zip}|${card.city}`;
      const city = cityMap.get(key) ?? { name: card.city, zip: card.zip, countryId: card.countryId, countSale: 0, countRent: 0 };
      if (isForSale(card.goal)) city.countSale++;
      else city.countRent++;
      cityMap.set(key, city);
    }
    const pagesBundle: PagesBundle = {
      pages,
      pagePaths,
      articlePaths,
      articles,
      articleCategories: source.articleCategories.map((c) => ({ id: c.id, parentId: c.parentId, name: tr(c.name, lang, ctx), path: null })),
      team,
      categories,
      cities: [...cityMap.values()].sort((a, b) => a.name.localeCompare(b.name, lang)),
      projects,
      coOwnerPortalUrl: source.site.coOwnerPortalUrl,
      registrationRates: source.site.registrationRates,
    };
    put(`pages/${lang}`, pagesBundle);
    put(`listing/${lang}`, cards);

    const similar = similarProperties(cards);
    for (const [index, property] of source.properties.entries()) {
      const card = cards[index];
      if (!card) continue;
      const twins: Twins = {};
      for (const l of ctx.langs) twins[l] = cardPath(property, l, ctx, categoriesByWebId);
      put(`property/${lang}/${property.ID}`, propertyView(property, card, twins, lang, ctx, similar.get(card.id) ?? []));
    }
    for (const [index, project] of source.projects.entries()) {
      const card = projects[index];
      if (!card || card.external) continue;
      const twins: Twins = {};
      for (const l of ctx.langs) twins[l] = projectPath(project, l, ctx, projectSegments);
      put(`project/${lang}/${project.ID}`, projectView(project, card, twins, lang, ctx));
    }
  }
  return out;
}

/** Kinds a search engine should not index: forms' thank-you pages, the owner login, redirect items. */
const UNLISTED_KINDS: ReadonlySet<string> = new Set(['thanks', 'login', 'redirect', 'portal']);

/**
 * Every indexable page once with all its language twins, then every property and
 * internal project: what /sitemap.xml lists (gone listings are dropped at request time).
 */
function sitemapOf(paths: RoutingBundle['paths'], source: ContentSource, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>, segments: Twins): SitemapBundle {
  const entries: SitemapEntry[] = [];
  const seen = new Set<string>();
  for (const [path, target] of Object.entries(paths)) {
    if (UNLISTED_KINDS.has(target.kind) || seen.has(path)) continue;
    for (const twin of Object.values(target.twins)) if (twin) seen.add(twin);
    seen.add(path);
    // The home's x-default is '/', which picks the visitor's language.
    entries.push({ twins: { ...target.twins }, lastmod: null, goneOn: null, ...(target.kind === 'home' ? { xDefault: '/' } : {}) });
  }
  for (const p of source.properties) {
    const twins: Twins = {};
    for (const lang of ctx.langs) twins[lang] = cardPath(p, lang, ctx, categories);
    entries.push({ twins, lastmod: p.ModifyDate, goneOn: goneField(p, ctx).goneOn ?? null });
  }
  for (const project of source.projects) {
    if (project.ExternalUrl !== null) continue;
    const twins: Twins = {};
    for (const lang of ctx.langs) twins[lang] = projectPath(project, lang, ctx, segments);
    entries.push({ twins, lastmod: null, goneOn: null });
  }
  return { entries };
}

function typeLabel(p: PropertyDetail, lang: Lang, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>): string {
  return tr(p.TypeDescription, lang, ctx) || tr(categories.get(p.WebID)?.Name, lang, ctx) || p.MainTypeName;
}

function cityName(p: { City: string; CityNames?: TranslatableText | undefined }, lang: Lang): string {
  return p.CityNames?.[lang] || p.City;
}

function cardPath(p: PropertyDetail, lang: Lang, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>): string {
  return propertyPath({ lang, goal: p.Goal, city: cityName(p, lang), type: typeLabel(p, lang, ctx, categories), id: p.ID }) ?? `/${lang}/${GOAL_SEGMENTS[lang].sale}/property/property/${p.ID}/`;
}

function cardOf(p: PropertyDetail, lang: Lang, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>): CardView {
  const card = toPropertyCard(p, lang);
  return {
    id: card.ID,
    goal: card.Goal,
    reference: card.RecordFile,
    path: cardPath(p, lang, ctx, categories),
    city: card.City,
    zip: card.Zip,
    countryId: card.CountryID,
    typeDescription: typeLabel(p, lang, ctx, categories),
    mainTypeName: card.MainTypeName,
    webIds: [...new Set([card.WebID, ...splitWebIds(card.WebIDs)])],
    marquee: card.Marquee,
    marqueeName: p.MarqueeName ? tr(p.MarqueeName, lang, ctx) || null : null,
    price: card.Price,
    publishPrice: card.PublishPrice,
    priceUnit: card.PriceUnit,
    priceUnitText: card.PriceUnitText || tr(p.PriceUnitText, lang, ctx),
    priceOnDemand: card.PriceOnDemand,
    bedrooms: card.Bedrooms,
    surfaceLiving: card.SurfaceLiving,
    epcLabelText: card.EPCLabelText ?? '',
    energyPerformance: card.EnergyPerformance,
    status: card.Status,
    ...goneField(p, ctx),
    createDate: card.CreateDate,
    lat: card.Latitude,
    lng: card.Longitude,
    picture: card.SmallPictureItem ? pictureOf(card.SmallPictureItem) : null,
  };
}

/** Sold and rented listings carry the day they go (410, out of lists and sitemap); others nothing. */
function goneField(p: PropertyDetail, ctx: Ctx): { goneOn?: string } {
  const day = goneOn(p.Status, p.StatusDate ?? p.ModifyDate, ctx.source.site.siteInfo.soldListingGraceDays);
  return day ? { goneOn: day } : {};
}

/** Scalar CRM fields of a property for the detail page; translatable ones resolved. */
const SIMILAR_COUNT = 4;

function distanceKm(a: CardView, b: CardView): number {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return Number.POSITIVE_INFINITY;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** For each property, the nearest available ones of the same main category and goal. */
function similarProperties(cards: CardView[]): Map<number, CardView[]> {
  const groups = new Map<string, CardView[]>();
  for (const card of cards) {
    if (card.status === 'sold' || card.status === 'rented') continue;
    const key = `${goalOf(card.goal)}|${card.webIds[0] ?? ''}|${card.countryId}`;
    groups.set(key, [...(groups.get(key) ?? []), card]);
  }
  const out = new Map<number, CardView[]>();
  for (const card of cards) {
    const group = groups.get(`${goalOf(card.goal)}|${card.webIds[0] ?? ''}|${card.countryId}`) ?? [];
    const nearest = group
      .filter((other) => other.id !== card.id)
      .map((other) => ({ other, d: distanceKm(card, other) }))
      .sort((a, b) => a.d - b.d || a.other.id - b.other.id)
      .slice(0, SIMILAR_COUNT)
      .map((x) => x.other);
    out.set(card.id, nearest);
  }
  return out;
}

function registrationOf(p: PropertyDetail, ctx: Ctx): PropertyPageView['registration'] {
  if (!isForSale(p.Goal) || p.CountryID !== BELGIUM || !p.PublishPrice || p.PriceOnDemand || p.Price === null) return null;
  const region = regionOf(p.Zip, p.CountryID);
  const rates = ctx.source.site.registrationRates;
  const standard = registrationRights({ price: p.Price, region, soleOwnHome: false }, rates);
  const sole = registrationRights({ price: p.Price, region, soleOwnHome: true }, rates);
  if (!standard || !sole) return null;
  return { ratesDate: rates.date, standard: { amount: standard.amount, rate: standard.rate }, soleOwnHome: { amount: sole.amount, rate: sole.rate } };
}

const RENOVATION_TYPES: Record<string, string> = { '1': 'house', '2': 'apartment' };

function propertyView(p: PropertyDetail, card: CardView, twins: Twins, lang: Lang, ctx: Ctx, similar: CardView[]): PropertyPageView {
  const fields: PropertyPageView['fields'] = {};
  for (const [key, value] of Object.entries(p)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  if (!p.PublishAddress) {
    fields.Street = null;
    fields.HouseNumber = null;
    fields.BoxNr = null;
    fields.Latitude = card.lat;
    fields.Longitude = card.lng;
  }
  fields.CountryName = tr(p.CountryName, lang, ctx);
  if (p.LifeAnnuity) {
    fields.LifeAnnuityType = p.LifeAnnuity.Type;
    fields.LifeAnnuityAgeMan = p.LifeAnnuity.AgeMan;
    fields.LifeAnnuityAgeWoman = p.LifeAnnuity.AgeWoman;
    fields.LifeAnnuityIndexedRent = p.LifeAnnuity.IndexedRent;
  }
  const address = p.PublishAddress ? [`${p.Street} ${p.HouseNumber}${p.BoxNr ? ` bte ${p.BoxNr}` : ''}`.trim(), `${p.Zip} ${card.city}`].filter(Boolean).join(', ') : null;
  return {
    card,
    twins,
    fields,
    description: tr(p.Description, lang, ctx),
    photos: p.Photos.map((ph) => ({ url: ph.Url, width: ph.Width, height: ph.Height, name: ph.Name })),
    documents: p.Documents.map((d) => ({ name: tr(d.name, lang, ctx), kind: d.kind, requestOnly: d.requestOnly })),
    videoUrl: p.VideoUrl,
    virtualTourUrl: p.VirtualTourUrl,
    address,
    epc: epcViewOf(p),
    registration: registrationOf(p, ctx),
    renovationYears: renovationYearsOf(p, lang),
    similar,
  };
}

function epcViewOf(p: PropertyDetail): PropertyPageView['epc'] {
  const found = epcOf({ value: p.EnergyPerformance, zip: p.Zip, countryId: p.CountryID, labelText: p.EPCLabelText });
  return found ? { label: found.label, display: epcDisplay(found.label), image: epcImagePath(found.scheme, found.label) } : null;
}

/** A buyer today, of a house or flat labelled E or F, must renovate; rentals are not bought. */
function renovationYearsOf(p: PropertyDetail, lang: Lang): number | null {
  if (!isForSale(p.Goal)) return null;
  const label = epcOf({ value: p.EnergyPerformance, zip: p.Zip, countryId: p.CountryID, labelText: p.EPCLabelText })?.label ?? null;
  const duty = renovationDuty({ mainType: RENOVATION_TYPES[p.WebID] ?? null, label, purchaseYear: new Date().getUTCFullYear(), lang });
  return duty.required ? duty.years : null;
}

function projectPath(p: Project, lang: Lang, ctx: Ctx, segments: Twins): string {
  return toPath(lang, ...(segments[lang] ?? 'projects').split('/'), slugify(tr(p.Name, lang, ctx)) || 'project', String(p.ID));
}

function projectCardOf(p: Project, lang: Lang, ctx: Ctx, segments: Twins): ProjectCardView {
  const units = p.Units.filter((u) => u.Kind !== 'parking' && u.Kind !== 'garage' && u.Kind !== 'cellar');
  return {
    id: p.ID,
    name: tr(p.Name, lang, ctx),
    path: p.ExternalUrl ?? projectPath(p, lang, ctx, segments),
    external: p.ExternalUrl !== null,
    city: cityName(p, lang),
    zip: p.Zip,
    priceMin: p.PriceMin,
    priceMax: p.PriceMax,
    picture: pictureOf(p.Photos[0]),
    unitsAvailable: units.filter((u) => u.Status === 'available' || u.Status === 'option').length,
    unitsTotal: units.length,
  };
}

function projectView(p: Project, card: ProjectCardView, twins: Twins, lang: Lang, ctx: Ctx): ProjectPageView {
  return {
    card,
    twins,
    description: tr(p.Description, lang, ctx),
    delivery: tr(p.Delivery, lang, ctx),
    technical: tr(p.Technical, lang, ctx),
    situation: tr(p.Situation, lang, ctx),
    address: p.PublicAddress ? `${p.Street} ${p.HouseNumber}, ${p.Zip} ${cityName(p, lang)}`.trim() : null,
    lat: p.Latitude,
    lng: p.Longitude,
    photos: p.Photos.map((ph) => ({ url: ph.Url, width: ph.Width, height: ph.Height, name: ph.Name })),
    documents: p.Documents.map((d) => ({ name: tr(d.name, lang, ctx), kind: d.kind, requestOnly: d.requestOnly })),
    units: p.Units.map((u) => ({
      id: u.ID,
      name: u.Name,
      floor: u.Floor === null ? '' : String(u.Floor),
      requirement: tr(u.Requirement, lang, ctx),
      bedrooms: u.Bedrooms,
      surface: u.Surface,
      price: u.Price,
      status: u.Status,
    })),
  };
}
