import type { PageView, ProjectCardView } from '../../../content/bundles.ts';
import type { ProjectPageView } from '../../page-data.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatEuro } from '../../lib/price.ts';
import { AppLink } from '../AppLink.tsx';
import { Picture } from '../Picture.tsx';
import { RichText } from '../RichText.tsx';

function priceRange(min: number | null, max: number | null): string | null {
  if (min && max && min !== max) return `${formatEuro(min)} – ${formatEuro(max)}`;
  if (min) return formatEuro(min);
  return null;
}

/** New-build projects; an external project opens its own site in a new tab. */
export function ProjectsScreen({ projects, page }: { projects: ProjectCardView[]; page: PageView | null }) {
  const { t } = useI18n();
  return (
    <section className="container page">
      <h1>{page?.title ?? t('PROJECTS')}</h1>
      <p className="paging-title">{t('PAGING_TITLE', { page: 1, pages: 1, count: projects.length })}</p>
      {projects.length === 0 ? <p className="empty">{t('NO_PROJECTS')}</p> : null}
      <div className="grid grid--3">
        {projects.map((p, i) => (
          <ProjectCard key={p.id} project={p} eager={i === 0} />
        ))}
      </div>
    </section>
  );
}

/** A new-build project in a list; an external project opens its own site in a new tab. */
export function ProjectCard({ project: p, eager = false }: { project: ProjectCardView; eager?: boolean }) {
  const { t } = useI18n();
  return (
          <article className="card">
            <div className="card__media">
              <Picture picture={p.picture} alt={p.name} eager={eager} sizes="(min-width: 1280px) 33vw, 100vw" />
            </div>
            <div className="card__body">
              <h2 className="card__title">
                <AppLink href={p.path} newTab={p.external} className="card__link">
                  {p.name}
                  <span className="card__city">
                    {p.zip} {p.city}
                  </span>
                </AppLink>
              </h2>
              {priceRange(p.priceMin, p.priceMax) ? <p className="price">{priceRange(p.priceMin, p.priceMax)}</p> : null}
              <p>{t('UNITS_AVAILABLE', { count: p.unitsAvailable, total: p.unitsTotal })}</p>
            </div>
          </article>
  );
}

export function ProjectScreen({ project }: { project: ProjectPageView }) {
  const { t } = useI18n();
  const { card } = project;
  return (
    <article className="container page">
      <h1>
        {card.name} <span className="property__city">{`${card.zip} ${card.city}`}</span>
      </h1>
      <RichText html={project.description} />
      <h2>{t('PRICE_LIST')}</h2>
      <table className="units">
        <thead>
          <tr>
            <th scope="col">{t('UNIT')}</th>
            <th scope="col">{t('FLOOR')}</th>
            <th scope="col">{t('REQUIREMENT')}</th>
            <th scope="col">{t('PRICE')}</th>
            <th scope="col">{t('STATUS')}</th>
          </tr>
        </thead>
        <tbody>
          {project.units.map((u) => (
            <tr key={u.id}>
              <th scope="row">{u.name}</th>
              <td>{u.floor}</td>
              <td>{u.requirement}</td>
              <td>{u.price ? formatEuro(u.price) : '–'}</td>
              <td>{u.status === 'sold' ? t('STATUS_SOLD') : u.status === 'sold-out' ? t('STATUS_SOLD_OUT') : u.status === 'option' ? t('STATUS_OPTION') : t('STATUS_AVAILABLE')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('DELIVERY')}</h2>
      <RichText html={project.delivery} />
      <h2>{t('TECHNICAL')}</h2>
      <RichText html={project.technical} />
      <h2>{t('SITUATION')}</h2>
      <RichText html={project.situation} />
    </article>
  );
}
