import { RIGHTS_PATHS } from '../../../domain/privacy/rights-path.ts';
import { useEffect, useRef, useState } from 'react';
import { columnWidths } from '../../lib/columns.ts';
import type { SiteView } from '../../../domain/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { FOOTER_LAZY_OFFSET_PX } from '../../lib/scroll.ts';
import { AppLink } from '../AppLink.tsx';
import { RichText } from '../RichText.tsx';

/** True once the element comes within `offset` px of the viewport (footer lazy load). */
function useNearViewport(offset: number) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${offset}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [offset, near]);
  return { ref, near };
}

/**
 * Footer columns (each part only if public), policies, cookie settings and copyright.
 * Text is server-rendered for crawlers; images load when the footer comes within 100 px.
 */
export function Footer({ site, onCookieSettings }: { site: SiteView; onCookieSettings: () => void }) {
  const { t } = useI18n();
  const { footer, agency } = site;
  const { ref, near } = useNearViewport(FOOTER_LAZY_OFFSET_PX);
  return (
    <footer ref={ref} className="footer" style={{ background: footer.bgColor, color: footer.textColor }} data-loaded={near}>
      <div className="container footer__grid" style={{ maxWidth: footer.maxWidth }}>
        {footer.columns.map((column, i) => (
          <section key={i} className="footer__col" style={columnWidths(column.col)} aria-label={column.title ?? undefined}>
            {column.title ? <h2 className="footer__title">{column.title}</h2> : null}
            {column.images.map((src) => (near ? <img key={src} src={src} alt="" loading="lazy" width={160} height={60} className="footer__image" /> : <span key={src} className="footer__image" />))}
            {column.introText ? <RichText html={column.introText} className="footer__intro" /> : null}
            {column.fullText ? <RichText html={column.fullText} /> : null}
          </section>
        ))}
      </div>
      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p>{footer.copyright || `© ${agency.name}`}</p>
          <ul className="footer__policies">
            <li>
              <AppLink href={site.links.privacy}>{t('PRIVACY_STATEMENT')}</AppLink>
            </li>
            <li>
              {/* The worker's own page, not the router's: a plain link. */}
              <a href={RIGHTS_PATHS[site.lang]}>{t('PRIVACY_MAIL_FOOTER')}</a>
            </li>
            <li>
              <a href={`/accessibility/?lang=${site.lang}`}>{t('A11Y_TITLE')}</a>
            </li>
            <li>
              <AppLink href={site.links.cookies}>{t('COOKIE_POLICY')}</AppLink>
            </li>
            <li>
              <button type="button" className="link-button footer__consent" onClick={onCookieSettings}>
                {t('COOKIE_MANAGE')}
              </button>
            </li>
            <li>
              <AppLink href={site.links.disclaimer}>{t('DISCLAIMER')}</AppLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
