import type { SiteBundle } from '../../../content/bundles.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AppLink } from '../AppLink.tsx';
import { RichText } from '../RichText.tsx';

function colClasses(col: { sm: number; md: number; lg: number }): string {
  return `col-sm-${col.sm} col-md-${col.md} col-lg-${col.lg}`;
}

/** Footer columns (each part only if public), policies and copyright. */
export function Footer({ site }: { site: SiteBundle }) {
  const { t } = useI18n();
  const { footer, agency } = site;
  return (
    <footer className="footer" style={{ background: footer.bgColor, color: footer.textColor }}>
      <div className="container footer__grid" style={{ maxWidth: footer.maxWidth }}>
        {footer.columns.map((column, i) => (
          <section key={i} className={`footer__col ${colClasses(column.col)}`} aria-label={column.title ?? undefined}>
            {column.title ? <h2 className="footer__title">{column.title}</h2> : null}
            {column.images.map((src) => (
              <img key={src} src={src} alt="" loading="lazy" width={160} height={60} className="footer__image" />
            ))}
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
              <AppLink href={site.links.cookies}>{t('COOKIE_POLICY')}</AppLink>
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
