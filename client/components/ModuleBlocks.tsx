import type { CSSProperties } from 'react';
import type { ModulePosition } from '../../domain/bundles.ts';
import type { ModuleBlock, TestimonialView } from '../../domain/page-data.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { formatPhone, phoneHref } from '../../domain/rules/phone.ts';
import { isForSale } from '../../domain/rules/goal.ts';
import { isFormName } from '../../domain/forms/names.ts';
import { FormView } from './LazyFormView.tsx';
import { AppLink } from './AppLink.tsx';
import { PropertyCard } from './PropertyCard.tsx';
import { ProjectCard } from './ProjectCard.tsx';
import { RichText } from './RichText.tsx';
import { TeamGrid } from './TeamGrid.tsx';
import { columnWidths } from '../lib/columns.ts';
import { useSite } from './useSite.ts';

type Article = ModuleBlock['articles'][number];

function ArticleCards({ articles, cols }: { articles: Article[]; cols: number }) {
  const { t } = useI18n();
  return (
    <ul className="cols" style={{ '--cols': cols } as CSSProperties}>
      {articles.map((a) => (
        <li key={a.id} className="link-card">
          <h3>{a.path ? <AppLink href={a.path}>{a.title}</AppLink> : a.title}</h3>
          {a.summary ? <p>{a.summary}</p> : null}
          {a.path ? (
            <span aria-hidden="true" className="link-card__more">
              {t('READ_MORE')} →
            </span>
          ) : (
            <RichText html={a.body} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** A form's place on a page: the form itself, or the agency's contact when the name is unknown. */
function FormSlot({ form }: { form: string }) {
  const { t } = useI18n();
  const site = useSite();
  if (isFormName(form)) return <FormView form={form} submitKey={form === 'sign-newsletter' ? 'SUBSCRIBE' : 'SEND'} />;
  return (
    <div className="form-slot contact-box" data-form={form}>
      <p>{t('CONTACT_US_DIRECTLY')}</p>
      <p>
        <a href={phoneHref(site.agency.phone) ?? undefined}>{formatPhone(site.agency.phone)}</a>
        <br />
        <a href={`mailto:${site.agency.email}`}>{site.agency.email}</a>
      </p>
    </div>
  );
}

function PropertyBlock({ block }: { block: ModuleBlock }) {
  const { t } = useI18n();
  const site = useSite();
  return (
    <>
      <div className="cols" style={{ '--cols': block.module.numberItemOfRow } as CSSProperties}>
        {block.cards.map((card) => (
          <PropertyCard key={card.id} card={card} />
        ))}
      </div>
      <p className="module__more">
        <AppLink href={block.module.relation.goal === null || isForSale(block.module.relation.goal) ? site.links.sale : site.links.rent}>{t('SEE_ALL')} →</AppLink>
      </p>
    </>
  );
}

/** The host a visitor's link shows, or null when it is no usable http(s) URL. */
function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.host : null;
  } catch {
    return null;
  }
}

/** Approved testimonials: the words of clients, with their name, date and site. */
function Testimonials({ items }: { items: TestimonialView[] }) {
  const { t, lang } = useI18n();
  if (items.length === 0) return <p className="empty">{t('NO_TESTIMONIALS_YET')}</p>;
  const date = new Intl.DateTimeFormat(`${lang}-BE`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Brussels' });
  return (
    <ul className="testimonials">
      {items.map((item) => (
        <li key={item.id} className="testimonial">
          <figure>
            <blockquote lang={item.lang === lang ? undefined : item.lang}>
              <p>{item.comment}</p>
            </blockquote>
            <figcaption>
              {item.photo ? <img src={item.photo} alt="" width={56} height={56} loading="lazy" className="testimonial__photo" /> : null}
              <span>
                <strong>{item.name}</strong>
                <br />
                <time dateTime={item.postedAt}>{date.format(new Date(`${item.postedAt}T12:00:00Z`))}</time>
                {item.homepage && hostOf(item.homepage) ? (
                  <>
                    {' · '}
                    <a href={item.homepage} rel="nofollow ugc noopener" target="_blank">
                      {hostOf(item.homepage)}
                    </a>
                  </>
                ) : null}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

function BlockBody({ block }: { block: ModuleBlock }) {
  const { module } = block;
  const cols = module.numberItemOfRow;
  switch (module.relation.type) {
    case 'property-list':
      return <PropertyBlock block={block} />;
    case 'project-list':
      return (
        <div className="cols" style={{ '--cols': Math.min(cols, 3) } as CSSProperties}>
          {block.projects.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </div>
      );
    case 'contact':
      return block.form ? <FormSlot form={block.form} /> : null;
    case 'testimonials':
      return <Testimonials items={block.testimonials} />;
    case 'article':
    case 'category':
      if (module.view === 'ons-team-view') {
        return (
          <>
            {block.articles[0] ? <RichText html={block.articles[0].body} /> : null}
            <TeamGrid members={block.members} />
          </>
        );
      }
      if (module.view === 'single-view' || module.relation.type === 'article') {
        return (
          <>
            {block.articles.map((a) => (
              <div key={a.id} className="article-block">
                {module.title ? <h3>{a.title}</h3> : null}
                {a.summary ? <p className="lead">{a.summary}</p> : null}
                <RichText html={a.body} />
              </div>
            ))}
          </>
        );
      }
      return (
        <>
          <ArticleCards articles={block.articles} cols={cols} />
          {block.subcategories.map((sub) => (
            <section key={sub.id} className="subcategory" aria-label={sub.name}>
              <h3>{sub.path ? <AppLink href={sub.path}>{sub.name}</AppLink> : sub.name}</h3>
              <ArticleCards articles={sub.articles} cols={cols} />
            </section>
          ))}
        </>
      );
  }
}

/** A module's title: its own, or the article it shows alone. */
export function moduleTitle(block: ModuleBlock): string {
  const { module } = block;
  return module.title || (module.view === 'single-view' && module.relation.type === 'article' ? block.articles[0]?.title : '') || '';
}

/**
 * The modules of a menu page that stand in one of its rows, in their order, each by its
 * relation type and view: width from span and col, background, title size, descriptions and images.
 */
export function ModuleBlocks({ blocks, row, headingModule = null }: { blocks: ModuleBlock[]; row: ModulePosition; headingModule?: number | null }) {
  const here = blocks.filter((block) => block.module.position === row);
  if (here.length === 0) return null;
  return (
    <div className={`modules modules--${row}`}>
      {here.map((block) => {
        const { module } = block;
        const title = moduleTitle(block);
        // Its width in columns of 12 on a phone, a tablet and a desktop.
        const style = { ...columnWidths(module.col), ...(module.background ? { background: module.background } : {}) };
        // The page's heading when the module asks for h1 and the page has none of its own; h1-sized otherwise.
        const Heading = module.id === headingModule ? 'h1' : 'h2';
        return (
          <section key={module.id} className={`module module--${module.relation.type} ${module.className}`} style={style} aria-label={title || undefined}>
            {title ? <Heading className={module.titleSize === 'h1' ? 'module__title module__title--large' : 'module__title'}>{title}</Heading> : null}
            {module.description ? <RichText html={module.description} className="module__description" /> : null}
            {module.image ? <img className="module__image" src={module.image} alt="" loading="lazy" width={800} height={450} /> : null}
            <BlockBody block={block} />
            {module.images.length > 0 ? (
              <div className="module__images">
                {module.images.map((src) => (
                  <img key={src} src={src} alt="" loading="lazy" width={400} height={300} />
                ))}
              </div>
            ) : null}
            {module.description2 ? <RichText html={module.description2} className="module__description" /> : null}
          </section>
        );
      })}
    </div>
  );
}
