import type { Lang } from '../../content/lang.ts';
import type { RoutingBundle } from '../../content/bundles.ts';
import type { ContentLoader } from '../../client/page-data.ts';
import { resolvePage, type LiveData } from '../pages/resolve.ts';
import { approvedTestimonials } from '../testimonials/store.ts';
import type { ContentRepository } from './repository.ts';

/** The server side of the routes' content loader: straight to the pinned repository. */
export function serverContentLoader(repo: ContentRepository, routing: RoutingBundle, origin: string, db: D1Database): ContentLoader {
  const live: LiveData = { testimonials: () => approvedTestimonials(db) };
  return {
    site: (lang: Lang) => repo.site(lang),
    page: (lang, pathname, search) => resolvePage({ repo, routing, origin, lang, pathname, search, live }),
  };
}
