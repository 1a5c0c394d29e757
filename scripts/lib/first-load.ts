/** What a page's first load fetched, against what its HTML announced. */

/** One script the browser fetched: its path and the gzip -9 size of its bytes. */
export interface FetchedScript {
  path: string;
  gzip: number;
}

export interface FirstLoadSummary {
  /** Gzip bytes of every script fetched before the page fell idle. */
  fetched: number;
  /** Gzip bytes of the fetched scripts the HTML announced (script src, modulepreload): what `npm run bench` counts. */
  announced: number;
  /** Scripts fetched without being announced (loaded by code after hydration), largest first. */
  extra: FetchedScript[];
  /** Announced scripts the browser did not fetch. */
  unused: string[];
}

/**
 * Compares the scripts a browser fetched with those the HTML announced. Why: the bench reads
 * the HTML only; a chunk loaded by code after hydration (a form near the viewport, say) is
 * first-load JavaScript all the same.
 */
export function firstLoadSummary(fetched: readonly FetchedScript[], announced: readonly string[]): FirstLoadSummary {
  const unique = new Map(fetched.map((f) => [f.path, f]));
  const listed = new Set(announced);
  const all = [...unique.values()];
  return {
    fetched: all.reduce((sum, f) => sum + f.gzip, 0),
    announced: all.filter((f) => listed.has(f.path)).reduce((sum, f) => sum + f.gzip, 0),
    extra: all.filter((f) => !listed.has(f.path)).sort((a, b) => b.gzip - a.gzip),
    unused: [...listed].filter((p) => !unique.has(p)),
  };
}

/** The same-origin script paths a page's HTML announces: module scripts and modulepreload links. */
export function announcedScripts(html: string): string[] {
  const paths: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/rel="modulepreload"/.test(tag)) continue;
    const url = (isScript ? /\ssrc="([^"]+)"/ : /\shref="([^"]+)"/).exec(tag)?.[1];
    if (url?.startsWith('/')) paths.push(url);
  }
  return paths;
}
