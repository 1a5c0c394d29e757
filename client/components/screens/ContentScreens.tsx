import type { ArticleView, PageView, TeamMemberView } from '../../../domain/bundles.ts';
import { visitTime } from '../../../domain/rules/visit-time.ts';
import type { MessageDetail, ModuleBlock, VisitView } from '../../../domain/page-data.ts';
import { ModuleBlocks, moduleTitle } from '../ModuleBlocks.tsx';
import { BannerSlides } from '../BannerSlides.tsx';
import { columnWidths } from '../../lib/columns.ts';
import { usePageData } from '../usePageData.ts';
import { FormView } from '../LazyFormView.tsx';
import { PageFormView } from '../PageFormView.tsx';
import type { FormName } from '../../../domain/forms/names.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatPhone, phoneHref } from '../../../domain/rules/phone.ts';
import { AppLink } from '../AppLink.tsx';
import { RichText } from '../RichText.tsx';
import { useSite } from '../useSite.ts';
import { TeamGrid } from '../TeamGrid.tsx';
import { PrivacyNotice } from '../PrivacyNotice.tsx';
import { useRouterState } from '@tanstack/react-router';

/**
 * The page's banner as its settings draw it: an image, photos in turn (a gallery), a muted
 * looping video (still for a visitor who asks for less motion), a colour; see-through under
 * the header when transparent.
 */
function PageBanner({ page }: { page: PageView }) {
  const site = useSite();
  const { banner } = page;
  const text = (
    <div className="container page-banner__text">
      <h1>{page.bannerTitle ?? page.title}</h1>
      {page.bannerDescription ? <p>{page.bannerDescription}</p> : null}
    </div>
  );
  if (banner.type === 'gallery' && banner.images.length > 0) {
    return (
      <BannerSlides
        className={['page-banner', 'page-banner--media', banner.transparent ? 'page-banner--transparent' : ''].filter(Boolean).join(' ')}
        mediaClassName="page-banner__media"
        images={banner.images}
        speed={site.banner.autoplaySpeed}
      >
        {text}
      </BannerSlides>
    );
  }
  const media =
    banner.type === 'video' && banner.video ? (
      <video className="page-banner__media" src={banner.video} autoPlay loop muted playsInline preload="metadata" aria-hidden="true" poster={banner.image ?? undefined} />
    ) : banner.type === 'image' && banner.image ? (
      <img className="page-banner__media" src={banner.image} alt="" width={1600} height={500} fetchPriority="high" />
    ) : null;
  const classes = ['page-banner', media ? 'page-banner--media' : '', banner.transparent ? 'page-banner--transparent' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} data-banner={banner.type} style={page.bannerColor && !media ? { background: page.bannerColor } : undefined}>
      {media}
      {text}
    </div>
  );
}

function PageHeader({ page }: { page: PageView }) {
  if (page.showPageBanner && page.banner.type !== 'none') return <PageBanner page={page} />;
  return <h1>{page.title}</h1>;
}

/** The page's own row of links (its sub-menu): the current one marked. */
function SubMenu({ page }: { page: PageView }) {
  const { t } = useI18n();
  const current = usePageData()?.head.canonical ?? '';
  if (page.subMenu.length === 0) return null;
  return (
    <nav className="sub-menu" aria-label={t('SUB_MENU')}>
      <ul>
        {page.subMenu.map((item) => (
          <li key={item.href}>
            {item.external ? (
              <a href={item.href} target="_blank" rel="noopener">
                {item.label}
              </a>
            ) : (
              <AppLink href={item.href} aria-current={current.endsWith(item.href) ? 'page' : undefined}>
                {item.label}
              </AppLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A menu page of modules (services, policies, about us) with links to its other sub-pages. */
export function ContentScreen({ page, blocks, children }: { page: PageView; blocks: ModuleBlock[]; children: { title: string; path: string; summary: string }[] }) {
  const { t } = useI18n();
  const banner = page.showPageBanner && page.banner.type !== 'none';
  // A module whose title size is h1 is the page's heading when no banner carries one.
  const headingModule = banner ? null : (blocks.find((b) => b.module.titleSize === 'h1' && moduleTitle(b) !== '')?.module.id ?? null);
  const site = useSite();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isPrivacyStatement = pathname === site.links.privacy;
  return (
    <div className="page">
      {banner ? <PageHeader page={page} /> : null}
      <div className="container">
        {banner || headingModule !== null ? null : <PageHeader page={page} />}
        <SubMenu page={page} />
        <ModuleBlocks blocks={blocks} row="topRow" headingModule={headingModule} />
        {page.description ? <p className="lead narrow">{page.description}</p> : null}
        {page.content ? <RichText html={page.content} className="narrow" /> : null}
        <ModuleBlocks blocks={blocks} row="contentRow" headingModule={headingModule} />
        {isPrivacyStatement ? <PrivacyNotice /> : null}
        {children.length > 0 ? (
          <ul className="link-cards">
            {children.map((child) => (
              <li key={child.path} className="link-card">
                <h2>
                  <AppLink href={child.path}>{child.title}</AppLink>
                </h2>
                {child.summary ? <p>{child.summary}</p> : null}
                <span aria-hidden="true" className="link-card__more">
                  {t('READ_MORE')} →
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <ModuleBlocks blocks={blocks} row="bottomRow" headingModule={headingModule} />
      </div>
    </div>
  );
}

/** The team: up to 15 members with photo, role, languages, phone and e-mail. */
export function TeamScreen({ page, intro, members }: { page: PageView; intro: ArticleView | null; members: TeamMemberView[] }) {
  const { t } = useI18n();
  return (
    <div className="container page">
      <PageHeader page={page} />
      {page.description ? <p className="lead">{page.description}</p> : null}
      {intro ? <RichText html={intro.body} className="narrow" /> : null}
      <TeamGrid members={members} />
      <section className="panel narrow join-us" aria-labelledby="join-us">
        <h2 id="join-us">{t('JOIN_US')}</h2>
        <p>{t('JOIN_US_TEXT')}</p>
        <FormView form="job-application" />
      </section>
    </div>
  );
}

/** A page that hosts a form (contact, demand register, free valuation). */
export function FormPageScreen({ form, page, article }: { form: FormName; page: PageView | null; article: ArticleView | null }) {
  const { t } = useI18n();
  const site = useSite();
  // The article and the form sit side by side as their modules' column widths say.
  const widths = (type: 'article' | 'contact') => columnWidths(page?.modules.find((m) => m.relation.type === type)?.col);
  return (
    <div className="container page">
      {page ? <PageHeader page={page} /> : <h1>{article?.title ?? t('CONTACT')}</h1>}
      {page ? <SubMenu page={page} /> : null}
      <div className="modules">
        <div className="module" style={widths('article')}>
          {page?.content ? <RichText html={page.content} /> : null}
          {article ? <RichText html={article.body} /> : null}
          <aside className="contact-box" aria-label={t('CONTACT')}>
            <p>{t('CONTACT_US_DIRECTLY')}</p>
            <p>
              <a href={phoneHref(site.agency.phone) ?? undefined}>{formatPhone(site.agency.phone)}</a>
              <br />
              <a href={`mailto:${site.agency.email}`}>{site.agency.email}</a>
            </p>
          </aside>
        </div>
        <div className="module" style={widths('contact')}>
          <PageFormView form={form} />
        </div>
      </div>
    </div>
  );
}

/** A booked visit on its thank-you page: the day and time, the property, the calendar file and the way to cancel. */
function BookedVisit({ visit, lang }: { visit: VisitView; lang: string }) {
  const { t } = useI18n();
  const when = visitTime(visit.startsAt, lang);
  if (visit.cancelled)
    return (
      <p className="lead" role="status">
        {t('VISIT_ALREADY_CANCELLED')}
      </p>
    );
  return (
    <div className="booked-visit">
      <p className="lead" role="status">
        {t('VISIT_BOOKED', { when })}
      </p>
      {visit.property ? (
        <p>
          <AppLink href={visit.property.path}>{`${visit.property.title} – ${visit.property.zip} ${visit.property.city}`}</AppLink> ({t('REFERENCE')} {visit.property.reference})
        </p>
      ) : null}
      <ul className="booked-visit__actions">
        <li>
          <a href={visit.icsPath} download="visit.ics">
            {t('VISIT_ADD_TO_CALENDAR')}
          </a>
        </li>
        <li>
          <a href={visit.cancelPath}>{t('VISIT_CANCEL_LINK')}</a>
        </li>
      </ul>
    </div>
  );
}

/** A thank-you page per form, with that form's success message and a way back. */
export function ThanksScreen({ form, messageKey, visit }: { form: string; messageKey: string; visit?: VisitView | null | undefined }) {
  const { t, lang } = useI18n();
  const site = useSite();
  return (
    <section className="container page narrow thanks" data-form={form}>
      <h1>{t('THANK_YOU')}</h1>
      {visit ? <BookedVisit visit={visit} lang={lang} /> : null}
      {visit === null ? (
        <p className="lead" role="status">
          {t('LINK_INVALID')}
        </p>
      ) : null}
      {visit === undefined ? (
        <p className="lead" role="status">
          {t(messageKey)}
        </p>
      ) : null}
      <p className="not-found__actions">
        <AppLink href={site.links.sale} className="button button--accent">
          {t('FOR_SALE')}
        </AppLink>
        <AppLink href={site.homes[site.lang] ?? '/'} className="button">
          {t('BACK_HOME')}
        </AppLink>
      </p>
    </section>
  );
}

/** A one-off outcome (unsubscribed, link expired): a title, a message, a way home. */
export function MessageScreen({
  titleKey,
  messageKey,
  action,
  detail,
}: {
  titleKey: string;
  messageKey: string;
  action?: { path: string; labelKey: string } | undefined;
  detail?: MessageDetail | undefined;
}) {
  const { t } = useI18n();
  const site = useSite();
  return (
    <section className="container page narrow thanks">
      <h1>{t(titleKey)}</h1>
      <p className="lead" role="status">
        {t(messageKey)}
      </p>
      {detail ? <p className="thanks__detail">{t(detail.key, detail.params)}</p> : null}
      {action ? (
        <form method="post" action={action.path}>
          <button type="submit" className="button button--accent">
            {t(action.labelKey)}
          </button>
        </form>
      ) : null}
      <p>
        <AppLink href={site.homes[site.lang] ?? '/'} className="button">
          {t('BACK_HOME')}
        </AppLink>
      </p>
    </section>
  );
}
