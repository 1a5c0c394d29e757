import { usePageData } from './usePageData.ts';

/**
 * One og:locale:alternate per language twin. Why not in the route head: HeadContent keeps
 * one meta per property name, and Open Graph wants this one repeated.
 */
export function OgLocaleAlternates() {
  const data = usePageData();
  if (!data?.head.social) return null;
  return (
    <>
      {data.head.social.localeAlternates.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
    </>
  );
}
