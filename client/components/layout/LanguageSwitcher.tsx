import type { SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { usePageData } from '../usePageData.ts';

const NATIVE_NAMES: Record<string, string> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' };

/** Switches to the same page under the other language's prefix and localized segments. */
export function LanguageSwitcher({ site }: { site: SiteView }) {
  const { t } = useI18n();
  const page = usePageData();
  return (
    <nav className="langs" aria-label={t('SWITCH_LANGUAGE')}>
      <ul>
        {site.languages.map((lang) => {
          const href = page?.twins[lang] ?? site.homes[lang] ?? `/${lang}/`;
          const current = lang === site.lang;
          return (
            <li key={lang}>
              <AppLink href={href} hrefLang={lang} lang={lang} aria-current={current ? 'true' : undefined} className={current ? 'langs__current' : undefined}>
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
