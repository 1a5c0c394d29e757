import { useEffect, useState, type ReactNode } from 'react';
import type { SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { helperDevice, layoutDevice } from '../../lib/device.ts';
import { SCROLL_CHECK_THROTTLE_MS, throttle } from '../../lib/scroll.ts';
import { TopBar } from './TopBar.tsx';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { BackToTop, CookieConsent } from '../LazyParts.tsx';

/** The site-wide frame around every page: top bar, header, footer, back-to-top, consent. */
export function Layout({ site, children }: { site: SiteView; children: ReactNode }) {
  const { t } = useI18n();
  const [consentRequest, setConsentRequest] = useState(0);
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
      <Header site={site} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} onCookieSettings={() => setConsentRequest((n) => n + 1)} />
      <BackToTop />
      <CookieConsent site={site} openRequest={consentRequest} />
    </>
  );
}
