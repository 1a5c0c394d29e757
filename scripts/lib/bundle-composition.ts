/**
 * What a browser chunk is made of, from esbuild's metafile: bytes per package or source
 * folder, so the first-load budget can be read as "react-dom N KB, router M KB, …".
 */

/** The part of esbuild's metafile output this module reads. */
export interface OutputInputs {
  inputs: Record<string, { bytesInOutput: number }>;
}

/** One group of a chunk: its minified bytes and its share of the chunk's gzip. */
export interface CompositionRow {
  group: string;
  bytes: number;
  gzip: number;
}

/**
 * The group an input file belongs to: its npm package (scoped names kept whole, with the
 * dist subfolder for the big packages so react-dom's client and server builds show
 * apart), or its source folder. Why: a flat file list hides which dependency costs what.
 */
export function inputGroup(input: string): string {
  const path = input.replace(/^\(disabled\):/, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = path.slice(modules + 'node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? path);
    // react-dom ships several builds; the file name says which one was taken.
    if (name === 'react-dom' || name === 'react') return `${name}/${parts[parts.length - 1] ?? ''}`;
    return name;
  }
  const parts = path.split('/');
  // client/components/screens/X.tsx → client/components/screens; client/router.tsx → client
  return parts.length > 1 ? parts.slice(0, Math.min(parts.length - 1, 3)).join('/') : path;
}

/**
 * Splits a chunk's gzip size among its groups in proportion to their minified bytes.
 * Gzip does not add up per file, so this is an estimate; its rows sum to the chunk's gzip.
 */
export function chunkComposition(output: OutputInputs, gzipBytes: number, group: (input: string) => string = inputGroup): CompositionRow[] {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const key = group(input);
    bytes.set(key, (bytes.get(key) ?? 0) + bytesInOutput);
  }
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  return [...bytes.entries()].map(([name, b]) => ({ group: name, bytes: b, gzip: total > 0 ? (gzipBytes * b) / total : 0 })).sort((a, b) => b.bytes - a.bytes);
}

/** Adds up rows of several chunks by group (a page's first load spans several files). */
export function mergeComposition(rows: readonly CompositionRow[]): CompositionRow[] {
  const merged = new Map<string, CompositionRow>();
  for (const row of rows) {
    const seen = merged.get(row.group);
    merged.set(row.group, seen ? { group: row.group, bytes: seen.bytes + row.bytes, gzip: seen.gzip + row.gzip } : { ...row });
  }
  return [...merged.values()].sort((a, b) => b.gzip - a.gzip);
}
