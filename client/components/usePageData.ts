import { useMatches } from '@tanstack/react-router';
import type { PageData } from '../../domain/page-data.ts';

function isPageData(value: unknown): value is PageData {
  return typeof value === 'object' && value !== null && 'head' in value && 'kind' in value && 'twins' in value;
}

/** The loader data of the page being shown, for layout parts that depend on it. */
export function usePageData(): PageData | null {
  return useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const data: unknown = matches[i]?.loaderData;
        if (isPageData(data)) return data;
      }
      return null;
    },
  });
}
