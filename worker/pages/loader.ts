import type { Lang } from '../../domain/lang.ts';
import type { RoutingBundle, SiteBundle } from '../../domain/bundles.ts';
import type { ContentLoader } from '../../domain/page-data.ts';
import { resolvePage } from './resolve.ts';
import type { LiveData } from './resolve-blocks.ts';
import { bucketFiles } from './resolve-documents.ts';
import { approvedTestimonials } from '../testimonials/store.ts';
import { openSlots, visitByToken } from '../visits/store.ts';
import type { ContentRepository } from '../live/repository.ts';
import type { Bindings } from '../env.ts';

/** The layout bundle plus the deployment's captcha key, so forms show the widget only when captcha is on. */
export async function siteWithCaptcha(repo: ContentRepository, lang: Lang, captchaSiteKey: string): Promise<SiteBundle> {
  const site = await repo.site(lang);
  return captchaSiteKey ? { ...site, captchaSiteKey } : site;
}

/** The server's content loader, which also tells whether a page used live data. */
export interface ServerContentLoader extends ContentLoader {
  /** True once a loader read live data (testimonials from D1): that page is not a function of the content version alone. */
  readonly usedLiveData: boolean;
}

/** The server side of the routes' content loader: straight to the pinned repository. */
export function serverContentLoader(repo: ContentRepository, routing: RoutingBundle, origin: string, env: Pick<Bindings, 'DB' | 'FILES' | 'TURNSTILE_SITE_KEY'>): ServerContentLoader {
  const db = env.DB;
  const captchaSiteKey = env.TURNSTILE_SITE_KEY ?? '';
  const files = bucketFiles(env.FILES);
  let usedLiveData = false;
  // Testimonials are a part of a page, not the page: with D1 failing the page is shown without them.
  const live: LiveData = {
    testimonials: () => {
      usedLiveData = true;
      return approvedTestimonials(db).catch((error: unknown) => {
        console.error('testimonials unavailable', error);
        return [];
      });
    },
    // Without the slots the page is still the property's, with the visit request form.
    slots: (propertyId) => {
      usedLiveData = true;
      return openSlots(db, propertyId).catch((error: unknown) => {
        console.error('slots unavailable', error);
        return [];
      });
    },
    visit: (token) => {
      usedLiveData = true;
      return visitByToken(db, token);
    },
  };
  return {
    site: (lang: Lang) => siteWithCaptcha(repo, lang, captchaSiteKey),
    page: async (lang, pathname, search) => {
      const data = await resolvePage({ repo, routing, origin, lang, pathname, search, live, files });
      // A selection of favourites is anyone's choice of ids: rendered each time, never kept.
      if (data.kind === 'favourites') usedLiveData = true;
      return data;
    },
    get usedLiveData() {
      return usedLiveData;
    },
  };
}
