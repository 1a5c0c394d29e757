import { useEffect } from 'react';

/** The page the document was loaded with: the worker already counted that view when it rendered it. */
const documentPath = typeof location === 'undefined' ? '' : location.pathname;

/**
 * Counts a property view reached by client-side navigation (no HTML request reaches the
 * worker then): one small beacon with the page path; the worker counts it like a
 * rendered page, once per visitor per day, and never for robots.
 */
export function useVisitBeacon(path: string): void {
  useEffect(() => {
    if (path === documentPath || typeof navigator.sendBeacon !== 'function') return;
    navigator.sendBeacon('/api/visits', path);
  }, [path]);
}
