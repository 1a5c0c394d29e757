/**
 * JSON answers depend only on the URL and the content version, so the version is the
 * ETag: a browser revalidating after a publish gets the new data, otherwise a 304.
 */
export function versionEtag(version: string): string {
  return `"${version}"`;
}

/** True when the client already holds this version of the answer. */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
