import { useEffect, useRef, useState } from 'react';
import type { MenuItem, SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatPhone, phoneHref } from '../../../domain/rules/phone.ts';
import { HEADER_FIX_AFTER_PX, LOGO_SHOW_AFTER_PX, SCROLL_CHECK_THROTTLE_MS, headerState, throttle } from '../../lib/scroll.ts';
import { trapTab } from '../../lib/focus-trap.ts';
import { AppLink } from '../AppLink.tsx';
import { Icon } from '../Icon.tsx';
import { useFavourites } from '../../lib/favourites.ts';
import { favouritesPath } from '../../../domain/rules/favourites.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

function MenuList({ items, className, onNavigate }: { items: MenuItem[]; className: string; onNavigate?: () => void }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id} className={item.children.length ? 'has-children' : undefined}>
          <AppLink href={item.href} newTab={item.newTab} onClick={onNavigate}>
            {item.label}
          </AppLink>
          {item.children.length > 0 ? <MenuList items={item.children} className="submenu" onNavigate={onNavigate} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Closes a dialog-like panel on Escape and returns focus to the button that opened it. */
function useEscape(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
}

/** What the header draws differently on some pages: plain data, as the header is an island (client/components/LazyParts.tsx). */
export interface HeaderPage {
  isHome: boolean;
  /** The page asks for the fixed header (its fixed menu). */
  fixedMenu: boolean;
  /** The page's banner is see-through: the header lies over it until it fixes itself. */
  underTransparentBanner: boolean;
  /** The page's own logo, drawn instead of the agency's (a sub-brand's page); null for the agency's. */
  logo: string | null;
}

/** Header with logo, menu, extra-menu overlay, mobile drawer and language switcher. */
export function Header({ site, page }: { site: SiteView; page: HeaderPage }) {
  const { t } = useI18n();
  const { isHome } = page;
  const [scrollY, setScrollY] = useState(0);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [extraOpen, setExtraOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const extraButton = useRef<HTMLButtonElement>(null);
  const drawerClose = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Only the two states matter, so the stored position is clamped: no re-render per pixel.
    const check = throttle(() => setScrollY(Math.min(window.scrollY, Math.max(HEADER_FIX_AFTER_PX, LOGO_SHOW_AFTER_PX) + 1)), SCROLL_CHECK_THROTTLE_MS);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, []);

  const closeDrawer = () => {
    setDrawerOpen(false);
    drawerButton.current?.focus();
  };
  const closeExtra = () => {
    setExtraOpen(false);
    extraButton.current?.focus();
  };
  useEscape(drawerOpen, closeDrawer);
  // The drawer stays mounted (autoFocus only acts on mount), so opening it moves focus itself.
  useEffect(() => {
    if (drawerOpen) drawerClose.current?.focus();
  }, [drawerOpen]);
  useEscape(extraOpen, closeExtra);

  const max = site.header.maxMenuItems;
  const main = max !== null ? site.menu.slice(0, max) : site.menu;
  const extra = max !== null ? site.menu.slice(max) : [];
  const { fixed, logoHidden } = headerState(scrollY, { isHome, showLogoAtStart: site.header.showLogoAtStart, fixedHeaderOnScroll: site.header.fixedHeaderOnScroll || page.fixedMenu });
  // What sticks under the fixed header (the detail page's side card, a form's message scrolled to) needs its height.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    const root = document.documentElement;
    if (!fixed || !header) {
      root.style.removeProperty('--fixed-header-height');
      return;
    }
    const measure = () => root.style.setProperty('--fixed-header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [fixed]);
  const overBanner = !fixed && page.underTransparentBanner;
  const headerLinks = [...site.topBar.left, ...site.topBar.right];

  return (
    <header ref={headerRef} className={`header${fixed ? ' header--fixed' : ''}${isHome ? ' header--home' : ''}${overBanner ? ' header--over-banner' : ''}`}>
      <div className={`container header__inner header__inner--logo-${site.header.logoPosition}`}>
        <AppLink href={site.homes[site.lang] ?? '/'} className={`header__logo${logoHidden ? ' header__logo--hidden' : ''}`} aria-label={`${site.agency.name} – ${t('HOME')}`}>
          <img src={page.logo ?? site.agency.logoUrl} alt="" width={160} height={48} />
          <span className="header__name">{site.agency.name}</span>
        </AppLink>
        <nav className="header__nav" aria-label={t('MENU')}>
          <MenuList items={main} className="menu" />
          {extra.length > 0 ? (
            <button ref={extraButton} type="button" className="icon-button" aria-expanded={extraOpen} aria-controls="extra-menu" onClick={() => setExtraOpen(true)}>
              <Icon name="menu" />
              <span className="visually-hidden">{t('EXTRA_MENU')}</span>
            </button>
          ) : null}
        </nav>
        <div className="header__tools">
          {site.header.logoPosition === 'left' ? (
            <a className="header__phone" href={phoneHref(site.agency.phone) ?? undefined}>
              <Icon name="phone" />
              <span>{formatPhone(site.agency.phone)}</span>
            </a>
          ) : null}
          <AppLink href={site.links.valuation} className="button button--accent header__cta">
            {t('FREE_EVALUATION')}
          </AppLink>
          <FavouritesLink />
          <LanguageSwitcher site={site} />
          <button ref={drawerButton} type="button" className="icon-button header__burger" aria-expanded={drawerOpen} aria-controls="drawer" onClick={() => setDrawerOpen(true)}>
            <Icon name="menu" />
            <span className="visually-hidden">{t('OPEN_MENU')}</span>
          </button>
        </div>
      </div>
      {extraOpen ? (
        <div id="extra-menu" className="overlay" role="dialog" aria-modal="true" aria-label={t('EXTRA_MENU')}>
          <button type="button" className="icon-button overlay__close" onClick={closeExtra} autoFocus>
            <Icon name="close" />
            <span className="visually-hidden">{t('CLOSE_MENU')}</span>
          </button>
          <MenuList items={extra} className="overlay__menu" onNavigate={() => setExtraOpen(false)} />
        </div>
      ) : null}
      <div id="drawer" className={`drawer${drawerOpen ? ' drawer--open' : ''}`} role="dialog" aria-modal="true" aria-label={t('MENU')} hidden={!drawerOpen} onKeyDown={trapTab}>
        <button ref={drawerClose} type="button" className="icon-button drawer__close" onClick={closeDrawer}>
          <Icon name="close" />
          <span className="visually-hidden">{t('CLOSE_MENU')}</span>
        </button>
        <MenuList items={site.menu} className="drawer__menu" onNavigate={() => setDrawerOpen(false)} />
        {headerLinks.length > 0 ? (
          <ul className="drawer__links">
            {headerLinks.map((item, i) => (
              <li key={i}>
                <AppLink href={item.href} newTab={item.external} onClick={() => setDrawerOpen(false)}>
                  {item.icon ? <Icon name={item.icon} /> : null}
                  <span>{item.label}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </header>
  );
}

/** The favourites saved in this browser: a heart with their count, to their page. */
function FavouritesLink() {
  const { t, lang } = useI18n();
  const count = useFavourites().length;
  return (
    <AppLink href={favouritesPath(lang)} className="header__favourites">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.9 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.7 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z"
          fill={count ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span className="visually-hidden">{t('FAVOURITES_COUNT', { count })}</span>
      {count ? (
        <span className="header__favourites-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </AppLink>
  );
}
