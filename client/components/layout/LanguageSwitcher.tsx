import type { SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { usePageData } from '../usePageData.ts';
import { useRouterState } from '@tanstack/react-router';

/** A list's query string without its page number: the other language's list starts on its first page. */
export function keptSearch(searchStr: string): string {
  const params = new URLSearchParams(searchStr);
  params.delete('page');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

const NATIVE_NAMES: Record<string, string> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' };

/** The flag shown beside each language when the site asks for flags: decorative, the code stays the name. */
function Flag({ lang }: { lang: string }) {
  const stripes: Record<string, { horizontal: boolean; colours: [string, string, string] }> = {
    nl: { horizontal: true, colours: ['#ae1c28', '#fff', '#21468b'] },
    fr: { horizontal: false, colours: ['#0055a4', '#fff', '#ef4135'] },
    de: { horizontal: true, colours: ['#000', '#dd0000', '#ffce00'] },
  };
  const flag = stripes[lang];
  return (
    <svg className="langs__flag" viewBox="0 0 30 21" aria-hidden="true" focusable="false">
      {flag ? (
        flag.colours.map((colour, i) =>
          flag.horizontal ? <rect key={colour} x="0" y={i * 7} width="30" height="7" fill={colour} /> : <rect key={colour} x={i * 10} y="0" width="10" height="21" fill={colour} />,
        )
      ) : (
        <>
          <rect width="30" height="21" fill="#012169" />
          <path d="M0 0 30 21M30 0 0 21" stroke="#fff" strokeWidth="4" />
          <path d="M0 0 30 21M30 0 0 21" stroke="#c8102e" strokeWidth="1.5" />
          <path d="M15 0v21M0 10.5h30" stroke="#fff" strokeWidth="6" />
          <path d="M15 0v21M0 10.5h30" stroke="#c8102e" strokeWidth="3.5" />
        </>
      )}
    </svg>
  );
}

/** Switches to the same page under the other language's prefix and localized segments. */
export function LanguageSwitcher({ site }: { site: SiteView }) {
  const { t } = useI18n();
  const page = usePageData();
  // A list keeps its search in the other language (its page number aside): the filters' names
  // and values are the same in every language, a town's name is read in any language.
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const kept = page && 'list' in page ? keptSearch(searchStr) : '';
  return (
    <nav className="langs" aria-label={t('SWITCH_LANGUAGE')}>
      <ul>
        {site.languages.map((lang) => {
          const href = `${page?.twins[lang] ?? site.homes[lang] ?? `/${lang}/`}${kept}`;
          const current = lang === site.lang;
          return (
            <li key={lang}>
              <AppLink href={href} hrefLang={lang} lang={lang} aria-current={current ? 'true' : undefined} className={current ? 'langs__current' : undefined}>
                {site.languageFlags ? <Flag lang={lang} /> : null}
                <abbr title={NATIVE_NAMES[lang]}>{lang.toUpperCase()}</abbr>
                <span className="visually-hidden"> {NATIVE_NAMES[lang]}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
