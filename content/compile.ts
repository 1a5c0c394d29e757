/**
 * Turns validated source content into the KV entries of one version: per-language
 * bundles grouped by how pages read them (one site bundle, one listing per language, one key per detail). Pure and
 * deterministic, so the publish script, the tests and the benchmark share it.
 */
import { retentionDays } from '../domain/privacy/retention.ts';
import { type ArticleView, type LinkItem, type MenuItem, type PageView, type PagesBundle, type PathTarget, type RoutingBundle, type SiteBundle, type TeamMemberView } from '../domain/bundles.ts';
import { listKindOf } from '../domain/page-kinds.ts';
import type { Lang } from '../domain/lang.ts';
import { type ContentSource } from './schema.ts';
import { GOAL_SEGMENTS, toPath } from '../domain/rules/slug.ts';
import { isExternalLink } from '../domain/rules/links.ts';
import { BELGIUM } from '../domain/rules/region.ts';
import { isForSale } from '../domain/rules/goal.ts';
import { type Ctx, type Twins, homePath, publicText, tr } from './compile/context.ts';
import { type MenuNode, fullPath, moduleView, twinsOf, walkMenu } from './compile/menu.ts';
import { sitemapOf } from './compile/sitemap.ts';
import { PAGE_DEFAULTS, addArticleAddresses, articlePage, categoryPage } from './compile/articles.ts';
import { cardOf, cardPath, propertyView, similarProperties } from './compile/properties.ts';
import { projectCardOf, projectPath, projectView } from './compile/projects.ts';
import { FingerprintsOf } from './compile/fingerprints.ts';
import { TravelOf } from './compile/travel.ts';
import { LandOf } from './compile/land.ts';
import { withFills } from '../domain/rules/land-law.ts';
import { utcDay } from '../domain/rules/gone.ts';
import { fingerprint } from '../domain/rules/fingerprint.ts';

/** `on`: the publishing day, whose valid layers the facts of the land are read from (today). */
export function compileContent(source: ContentSource, options: { on?: string } = {}): Map<string, string> {
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
  // A link names either a localized path or an original one (`/login/`): either way, the
  // page in the link's language; never a path that the worker must redirect by guesswork.
  const localize = (url: string, lang: Lang): string => {
    if (isExternalLink(url)) return url;
    const normalized = url.endsWith('/') ? url : `${url}/`;
    return twinsByPath.get(normalized)?.[lang] ?? originals[normalized.toLowerCase()]?.[lang] ?? normalized;
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
      ...chain.filter((n) => n.page.kind !== 'home').map((n) => ({ label: publicText(n.page.params.title, lang, ctx) ?? n.page.name, path: fullPath(lang, n.segments[lang]) })),
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
      if (!node.page.params.isActiveSEO) target.unlisted = true;
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

  // Articles and categories: their page where a menu page shows them, else their own.
  const shownAt = new Map<number, Twins>();
  for (const node of nodes) {
    if (node.page.kind === 'home') continue;
    // A page whose own subject is the article: its single view, or the team page's introduction.
    for (const m of node.page.params.modules)
      if (m.relations.type === 'article' && (m.view === 'single-view' || m.view === 'ons-team-view') && m.status === 'Published') shownAt.set(Number(m.relations.id), twinsOf(node, ctx));
  }
  for (const entry of source.pathTable) if (entry.articleId !== undefined && entry.type !== 'feedback') shownAt.set(entry.articleId, entryTwins(entry));
  const articleAddresses = addArticleAddresses(paths, originals, source, ctx, (id) => shownAt.get(id));

  // A page's former paths answer 301 to today's path in their language, and so does everything
  // that was below it (its articles): a renamed page keeps its links and its ranking.
  const moved = (formerly: readonly string[], current: Partial<Record<Lang, string>>) => {
    for (const old of formerly) {
      const lang = ctx.langs.find((l) => old.startsWith(`/${l}/`));
      const location = lang ? current[lang] : undefined;
      if (!lang || !location || old === location) continue;
      for (const [path, target] of Object.entries(paths)) {
        if (!path.startsWith(location) || target.kind === 'redirect') continue;
        const former = `${old}${path.slice(location.length)}`;
        if (!paths[former]) paths[former] = { kind: 'redirect', lang, location: path, permanent: true, ref: `moved:${former}`, original: former, twins: {}, breadcrumb: [] };
      }
    }
  };
  for (const node of nodes) moved(node.page.formerly, Object.fromEntries(ctx.langs.map((l) => [l, fullPath(l, node.segments[l])])));
  for (const entry of source.pathTable) moved(entry.formerly, entryTwins(entry));

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

  const routed = { languages: ctx.langs, defaultLang: ctx.defaultLang, paths, originals, listSegments, projectSegments };
  const fingerprints = new FingerprintsOf(JSON.stringify(routed), source);

  put('sitemap', sitemapOf(paths, source, ctx, categoriesByWebId, projectSegments));
  // The content besides the listings, as validated: the worker's scheduled CRM pull publishes
  // a new version from it and the CRM's records, without the content folder.
  put('source', { ...source, properties: [] });

  const firstPath = (kind: PathTarget['kind'], lang: Lang): string | undefined => Object.entries(paths).find(([, t]) => t.kind === kind && t.lang === lang)?.[0];
  const pathByOriginal = (original: string, lang: Lang): string | undefined => originals[original]?.[lang];

  const travel = new TravelOf(source);
  const land = new LandOf(source, options.on ?? utcDay(new Date()));
  for (const lang of ctx.langs) {
    const dict = source.translations[lang] ?? {};
    const cards = source.properties.map((p) => {
      const plain = cardOf(p, lang, ctx, categoriesByWebId);
      const card = { ...plain, ...land.card(p, plain) };
      const minutes = travel.card(card);
      return minutes ? { ...card, travel: minutes } : card;
    });
    const projects = source.projects.map((p) => projectCardOf(p, lang, ctx, projectSegments));

    // Site bundle: what the layout needs, small enough to ship to the browser.
    const menuItemOf = (node: MenuNode): MenuItem => {
      const redirect = node.page.params.redirect ? node.page.params.redirectUrl : undefined;
      return {
        id: node.page.id,
        label: publicText(node.page.params.title, lang, ctx) ?? node.page.name,
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
      dictionaryVersion: fingerprint(JSON.stringify(dict)),
      lang,
      languages: ctx.langs,
      languageFlags: setting.languageFlags,
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
        sale: firstPath(listKindOf('sale'), lang) ?? homePath(lang),
        rent: firstPath(listKindOf('rent'), lang) ?? homePath(lang),
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
      mail: site.mail,
      retention: retentionDays(site.privacy.retention),
      categories: [...source.categories].sort((a, b) => a.ShowOrder - b.ShowOrder).map((c) => ({ webId: c.WebID, name: tr(c.Name, lang, ctx) })),
      ...((transit) => (transit ? { transit } : {}))(travel.site(lang)),
      ...(land.hasFlood ? { floodFilter: true as const } : {}),
      dict,
    };
    put(`site/${lang}`, siteBundle);
    fingerprints.layout(lang, out.get(`site/${lang}`) ?? '');

    // Pages bundle: server-side page content of this language.
    const articleOf = (a: ContentSource['articles'][number]): ArticleView => ({
      id: a.id,
      categoryId: a.categoryId,
      title: tr(a.title, lang, ctx),
      summary: tr(a.summary, lang, ctx),
      body: tr(a.body, lang, ctx),
      image: a.image,
      ...(a.createDate ? { published: a.createDate } : {}),
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
        title: publicText(p.title, lang, ctx) ?? node.page.name,
        description: publicText(p.description, lang, ctx) ?? '',
        content: publicText(p.content, lang, ctx) ?? '',
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
        indexed: p.isActiveSEO,
        fixedMenu: p.showFixedMenu,
        subMenu: !p.isHaveSubMenu
          ? []
          : p.subMenu.length > 0
            ? p.subMenu.map((item) => ({ label: tr(item.label, lang, ctx), href: localize(item.link, lang), external: isExternalLink(item.link) }))
            : nodes.filter((n) => n.parent === node).map((n) => ({ label: publicText(n.page.params.title, lang, ctx) ?? n.page.name, href: fullPath(lang, n.segments[lang]), external: false })),
        banner: {
          type: p.bannerType ?? (p.bannerVideo ? 'video' : p.bannerImages.length > 0 ? 'gallery' : p.image ? 'image' : 'color'),
          image: p.image ?? p.bannerImages[0]?.url ?? null,
          images: [...new Set([...(p.image ? [p.image] : []), ...p.bannerImages.map((i) => i.url)])],
          video: p.bannerVideo ?? null,
          transparent: p.bannerTransparent ?? false,
        },
        logo: p.logo ?? null,
      };
      pagePaths[String(node.page.id)] = p.redirect && p.redirectUrl ? localize(p.redirectUrl, lang) : fullPath(lang, node.segments[lang]);
    }
    for (const [id, twins] of articleAddresses.articles) if (twins[lang]) articlePaths[String(id)] = twins[lang];
    for (const article of articles) {
      const path = articlePaths[String(article.id)];
      if (paths[path ?? '']?.ref !== `article:${article.id}`) continue;
      pages[`article:${article.id}`] = articlePage(article);
    }
    for (const category of articleAddresses.published) {
      if (paths[articleAddresses.categories.get(category.id)?.[lang] ?? '']?.ref !== `category:${category.id}`) continue;
      pages[`category:${category.id}`] = categoryPage(category.id, tr(category.name, lang, ctx));
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
        ...PAGE_DEFAULTS,
        modules: [],
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
      articleCategories: articleAddresses.published.map((c) => ({ id: c.id, parentId: c.parentId, name: tr(c.name, lang, ctx), path: articleAddresses.categories.get(c.id)?.[lang] ?? null })),
      team,
      categories,
      cities: [...cityMap.values()].sort((a, b) => a.name.localeCompare(b.name, lang)),
      projects,
    };
    put(`pages/${lang}`, pagesBundle);
    put(`listing/${lang}`, cards);
    fingerprints.pages(lang, pagesBundle, out.get(`listing/${lang}`) ?? '', cards);

    const similar = similarProperties(cards);
    for (const [index, property] of source.properties.entries()) {
      const card = cards[index];
      if (!card) continue;
      const twins: Twins = {};
      for (const l of ctx.langs) twins[l] = cardPath(property, l, ctx, categoriesByWebId);
      // A statement the law asks for and the CRM left out is shown as the official layer gives it (the land section says so).
      const { fills } = land.of(property, card);
      const view = propertyView(withFills(property, fills), card, twins, lang, ctx, similar.get(card.id) ?? [], travel.view(card, lang, !property.PublishAddress), land.view(property, card, lang));
      if (fills.length > 0) view.fields.LandFilled = fills.map((fill) => fill.field).join(',');
      put(`property/${lang}/${property.ID}`, view);
      fingerprints.property(property.ID, out.get(`property/${lang}/${property.ID}`) ?? '', view);
    }
    for (const [index, project] of source.projects.entries()) {
      const card = projects[index];
      if (!card || card.external) continue;
      const twins: Twins = {};
      for (const l of ctx.langs) twins[l] = projectPath(project, l, ctx, projectSegments);
      put(`project/${lang}/${project.ID}`, projectView(project, card, twins, lang, ctx));
      fingerprints.project(project.ID, out.get(`project/${lang}/${project.ID}`) ?? '');
    }
  }
  const routing: RoutingBundle = { ...routed, fingerprints: fingerprints.done() };
  put('routing', routing);
  return out;
}

/** Kinds a search engine should not index: forms' thank-you pages, the owner login, redirect items. */
