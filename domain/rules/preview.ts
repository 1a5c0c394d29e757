/**
 * A preview of a page: its path with a `preview` segment ('/fr/preview/nos-services/'),
 * the page the agency checks before it publishes. One rule for the page (shown, never
 * indexed) and the cookie dialog (not asked): a page whose name merely contains the word
 * ('/fr/page-preview/') is a page like any other.
 */
export function isPreviewPath(pathname: string): boolean {
  return pathname.toLowerCase().split('/').includes('preview');
}

/** The path of the page a preview shows: its path without the `preview` segment. */
export function previewedPath(pathname: string): string {
  return (
    pathname
      .split('/')
      .filter((segment) => segment.toLowerCase() !== 'preview')
      .join('/') || '/'
  );
}
