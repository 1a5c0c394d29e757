import { useEffect, useState, type ReactNode } from 'react';
import type { SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { helperDevice, layoutDevice } from '../../lib/device.ts';
import { SCROLL_CHECK_THROTTLE_MS, throttle } from '../../lib/scroll.ts';
import { Footer } from './Footer.tsx';
import type { HeaderPage } from './Header.tsx';
import { BackToTop, CookieConsent, Header, TopBar } from '../LazyParts.tsx';
import { usePageData } from '../usePageData.ts';
import { useRouterState } from '@tanstack/react-router';

/** The site-wide frame around every page: top bar, header, footer, back-to-top, consent. */
export function Layout({ site, children }: { site: SiteView; children: ReactNode }) {
  const { t } = useI18n();
  const [consentRequest, setConsentRequest] = useState(0);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A page may ask for the fixed header (its fixed menu) or lie under a see-through header (its transparent banner).
  const data = usePageData();
  const page = data && 'page' in data ? data.page : null;
  const headerPage: HeaderPage = {
    isHome: pathname === '/' || pathname === site.homes[site.lang],
    fixedMenu: page?.fixedMenu === true,
    underTransparentBanner: page?.showPageBanner === true && page.banner.transparent && page.banner.type !== 'none',
    logo: page?.logo ?? null,
  };
  // Both device readings (layout and helper) on <html>, for styles and scripts, kept current on resize.
  useEffect(() => {
    const root = document.documentElement;
    const update = throttle(() => {
      root.dataset.device = layoutDevice(window.innerWidth) ?? 'desktop';
      root.dataset.helperDevice = helperDevice(window.innerWidth) ?? 'desktop';
    }, SCROLL_CHECK_THROTTLE_MS);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('SKIP_TO_CONTENT')}
      </a>
      <TopBar site={site} />
      {/* Another language is another header: drawn anew rather than kept from the server. */}
      <Header key={site.lang} site={site} page={headerPage} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} onCookieSettings={() => setConsentRequest((n) => n + 1)} />
      <BackToTop />
      <CookieConsent site={site} openRequest={consentRequest} />
    </>
  );
}
