import type { PageData } from '../page-data.ts';

/** Title, description, canonical and hreflang twins of a page, for HeadContent. */
export function headOf(data: PageData | undefined) {
  if (!data) return {};
  const { head } = data;
  const meta: Array<Record<string, string>> = [
    { title: head.title },
    { name: 'description', content: head.description },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:type', content: 'website' },
  ];
  const nofollow = 'page' in data && data.page?.noReferrerNoFollow;
  if (head.noindex || nofollow) meta.push({ name: 'robots', content: `${head.noindex ? 'noindex' : 'index'}, ${nofollow ? 'nofollow' : 'follow'}` });
  if (nofollow) meta.push({ name: 'referrer', content: 'no-referrer' });
  if (head.image) meta.push({ property: 'og:image', content: head.image });
  const links: Array<Record<string, string>> = [{ rel: 'canonical', href: head.canonical }];
  for (const [lang, href] of Object.entries(head.alternates)) {
    if (href) links.push({ rel: 'alternate', hrefLang: lang, href });
  }
  if (head.xDefault) links.push({ rel: 'alternate', hrefLang: 'x-default', href: head.xDefault });
  return { meta, links };
}
