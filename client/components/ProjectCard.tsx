import type { ProjectCardView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { priceRange } from '../../domain/rules/price.ts';
import { AppLink } from './AppLink.tsx';
import { Picture } from './Picture.tsx';

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
