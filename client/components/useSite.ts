import { getRouteApi } from '@tanstack/react-router';
import type { SiteView } from '../../domain/bundles.ts';

const root = getRouteApi('__root__');

/** The layout bundle of the active language, loaded once by the root route. */
export function useSite(): SiteView {
  return root.useLoaderData();
}
