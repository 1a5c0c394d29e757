import type { PageData } from '../../domain/page-data.ts';
import { scriptSafeJson } from '../../domain/rules/json-ld.ts';

type Tag = Record<string, string>;

/**
 * The JSON-LD of the pages this server render loaded, kept beside their data rather than in
 * it: the data is dehydrated into the page for hydration, and the graph is already in the
 * HTML's head, so copying it into the page's script would send it twice (1.5–3 KB per page).
 * Crawlers read the server's HTML; a page reached by client navigation needs no graph.
 * React 19 leaves a head tag it does not render on the client where it is.
 */
const jsonLdOfData = new WeakMap<PageData, string>();

/** The page data without its JSON-LD, which headOf still finds for this render. */
export function withJsonLdAside(data: PageData): PageData {
  const { jsonLd, ...head } = data.head;
  if (jsonLd === undefined) return data;
  const slim = { ...data, head } as PageData;
  // Only the server render draws the graph; the browser leaves the server's in place (client/app.tsx).
  if (typeof document === 'undefined') jsonLdOfData.set(slim, jsonLd);
  return slim;
}

/**
 * The page's head for HeadContent: title, description, robots, Open Graph and Twitter
 * card, canonical, hreflang twins with x-default, and the JSON-LD graph.
 * Why here: the same tags on the server and after client navigations, from one PageData.
 */
export function headOf(data: PageData | undefined) {
  if (!data) return {};
  const { head } = data;
  const { image } = head;
  const social = head.social ?? { title: head.title, description: head.description, type: 'website', locale: null, siteName: null };
  const twitter = 'twitter' in social ? social.twitter : undefined;
  const meta: Tag[] = [{ title: head.title }, { name: 'description', content: head.description }];
  const nofollow = 'page' in data && data.page?.noReferrerNoFollow === true;
  if (head.noindex || nofollow) meta.push({ name: 'robots', content: `${head.noindex ? 'noindex' : 'index'}, ${nofollow ? 'nofollow' : 'follow'}` });
  if (nofollow) meta.push({ name: 'referrer', content: 'no-referrer' });
  meta.push(
    { property: 'og:type', content: social.type },
    ...(social.siteName ? [{ property: 'og:site_name', content: social.siteName }] : []),
    { property: 'og:title', content: social.title },
    { property: 'og:description', content: social.description },
    { property: 'og:url', content: head.canonical },
    // og:locale:alternate repeats, which HeadContent cannot: see OgLocaleAlternates.
    ...(social.locale ? [{ property: 'og:locale', content: social.locale }] : []),
    { name: 'twitter:card', content: image || twitter?.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: twitter?.title || social.title },
    { name: 'twitter:description', content: twitter?.description || social.description },
  );
  if (twitter?.image) meta.push({ name: 'twitter:image', content: twitter.image });
  if (image) {
    meta.push({ property: 'og:image', content: image.url }, { property: 'og:image:alt', content: image.alt });
    if (!twitter?.image) meta.push({ name: 'twitter:image', content: image.url }, { name: 'twitter:image:alt', content: image.alt });
    if (image.width && image.height) meta.push({ property: 'og:image:width', content: String(image.width) }, { property: 'og:image:height', content: String(image.height) });
  }
  const links: Tag[] = [{ rel: 'canonical', href: head.canonical }];
  for (const [lang, href] of Object.entries(head.alternates)) {
    if (href) links.push({ rel: 'alternate', hrefLang: lang, href });
  }
  if (head.xDefault) links.push({ rel: 'alternate', hrefLang: 'x-default', href: head.xDefault });
  // A data block, not a script: CSP does not apply, TanStack adds the nonce anyway.
  const jsonLd = jsonLdOfData.get(data) ?? head.jsonLd;
  const scripts = jsonLd ? [{ type: 'application/ld+json', children: scriptSafeJson(jsonLd) }] : [];
  return { meta, links, scripts };
}
