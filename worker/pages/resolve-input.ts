import type { RoutingBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ListSearch } from '../../domain/search.ts';
import type { ContentRepository } from '../live/repository.ts';
import type { LiveData } from './resolve-blocks.ts';
import type { DocumentFiles } from './resolve-documents.ts';

/** What resolving one page reads: the live content, where the page is, and how it was asked for. */
export interface ResolveInput {
  repo: ContentRepository;
  routing: RoutingBundle;
  origin: string;
  lang: Lang;
  pathname: string;
  /** The query, read once by the caller (the route's validateSearch, or the page API). */
  search: ListSearch;
  /** Live data some modules show besides the published content (approved testimonials). */
  live?: LiveData;
  /** The document files, for the size each downloadable one shows; without it documents are on request. */
  files?: DocumentFiles;
}
