/** A page's head: title, description, canonical, hreflang twins, social card and JSON-LD. */
import type { PageView, RoutingBundle, SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { Crumb, HeadData } from '../../domain/page-data.ts';
import { summarize } from '../../domain/rules/text.ts';
import { agencyNode, breadcrumbNode, jsonLdGraph, type JsonLdNode } from '../seo/jsonld.ts';
import { ogLocale, socialImage } from '../seo/meta.ts';
import type { ContentRepository } from '../live/repository.ts';

export function absolute(origin: string, path: string): string {
  return `${origin}${path}`;
}

/** A property path: /{lang}/{goal segment}/{city}/{type}/{id}/ — resolved by id. */
export interface HeadInput {
  origin: string;
  lang: Lang;
  routing: RoutingBundle;
  site: SiteBundle;
  repo: ContentRepository;
  /** The canonical path of this page. */
  path: string;
  twins: Partial<Record<Lang, string>>;
  title: string;
  description: string;
  noindex: boolean;
  image: HeadData['image'];
  breadcrumb: Crumb[];
  /** Open Graph title and description when the content sets its own. */
  social?: { title?: string | undefined; description?: string | undefined; type?: 'website' | 'article'; twitter?: { title?: string; description?: string; image?: string } };
  /** The home's x-default is '/', the page that picks the visitor's language. */
  xDefaultPath?: string;
  /** Structured data of the page itself (listing, project), after the agency and breadcrumbs. */
  jsonLd?: JsonLdNode[];
}

/** The site's default sharing image: its first banner image, or none. */
function sharingImage(site: SiteBundle, origin: string, title: string): HeadData['image'] {
  const url = site.banner.images[0];
  return url ? socialImage(origin, { url }, title) : null;
}

/** Everything the head and the crawlers need, in one shape for every page kind. */
export function headFor(input: HeadInput): HeadData {
  const { origin, routing, twins, lang } = input;
  const alternates: Partial<Record<Lang, string>> = {};
  for (const l of routing.languages) {
    const twin = twins[l];
    if (twin) alternates[l] = absolute(origin, twin);
  }
  const xDefaultPath = input.xDefaultPath ?? twins[routing.defaultLang];
  const description = summarize(input.description, 160);
  // The agency node depends on the version (cached per isolate), the origin and nothing per page.
  const agency = input.repo.derived(`jsonld-agency:${origin}`, () => agencyNode(input.site.agency, origin, routing.languages));
  const crumbs = breadcrumbNode(input.breadcrumb, origin);
  return {
    title: input.title,
    description,
    canonical: absolute(origin, input.path),
    alternates,
    xDefault: xDefaultPath && Object.keys(alternates).length > 0 ? absolute(origin, xDefaultPath) : null,
    noindex: input.noindex,
    // A page without its own image is shared with the site's: the first banner image.
    image: input.image ?? sharingImage(input.site, origin, input.title),
    social: {
      title: input.social?.title || input.title,
      description: input.social?.description ? summarize(input.social.description, 200) : description,
      siteName: input.site.agency.name,
      locale: ogLocale(lang),
      localeAlternates: routing.languages.filter((l) => l !== lang && twins[l]).map(ogLocale),
      type: input.social?.type ?? 'website',
      ...(input.social?.twitter ? { twitter: input.social.twitter } : {}),
    },
    jsonLd: jsonLdGraph([agency, ...(crumbs ? [crumbs] : []), ...(input.jsonLd ?? [])]),
  };
}

export function pageTitle(page: PageView | null, fallback: string, agency: string): string {
  const base = page?.meta.pageTitle || page?.meta.metadataTitle || page?.title || fallback;
  return base.includes(agency) ? base : `${base} | ${agency}`;
}

/**
 * What a localized path shows, computed once on the worker for SSR and for the
 * browser's client-side navigations (`/api/page`), so both render the same data.
 */
