import type { Lang } from '../domain/lang.ts';
import type { ContentLoader } from '../domain/page-data.ts';

/** What every route's loader gets: where page data comes from, and the negotiated language. */
export interface RouterContext {
  content: ContentLoader;
  /** Language chosen for un-prefixed paths (cookie, Accept-Language, default). */
  negotiatedLang: Lang;
}
