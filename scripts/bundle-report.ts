/**
 * node scripts/bundle-report.ts [--files] [--top N]: the browser bundle built as scripts/build-client.ts
 * builds it (into a temporary folder, dist is left alone), then per chunk and per page type
 * the gzip size and what it is made of (package or source folder; --files: per file).
 * Why: the first-load budget (≤ 110 KB gzip) needs to know which code is worth cutting.
 */
import { build, type Metafile } from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { command } from './lib/cli.ts';
import { buildOptions, LAZY_CHUNKS } from './build-client.ts';
import { chunkComposition, inputGroup, mergeComposition, type CompositionRow } from './lib/bundle-composition.ts';

const { values: args } = command({
  name: 'node scripts/bundle-report.ts',
  usage: ['node scripts/bundle-report.ts [--files] [--top 25]'],
  options: { files: { type: 'boolean', default: false }, top: { type: 'string', default: '25' } },
});
const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-bundle-'));
try {
  const result = await build({ ...buildOptions(true), outdir: dir, write: true });
  const metafile: Metafile = result.metafile;
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const gzip = new Map<string, number>();
  for (const [file] of outputs) gzip.set(file, gzipSync(await readFile(file), { level: 9 }).length);
  const group = args.files ? (input: string) => input : inputGroup;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const nameOf = (file: string) => {
    const output = metafile.outputs[file];
    const lazy =
      (output?.entryPoint ? LAZY_CHUNKS[output.entryPoint] : undefined) ??
      Object.keys(output?.inputs ?? {})
        .map((i) => LAZY_CHUNKS[i])
        .find((n) => n !== undefined);
    return lazy ?? (output?.entryPoint?.endsWith('entry-client.tsx') ? 'entry' : `shared ${path.basename(file)}`);
  };
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return seen;
  };
  const print = (title: string, rows: CompositionRow[], total: number) => {
    console.log(`\n${title}: ${kb(total)} gzip`);
    for (const row of rows.slice(0, Number(args.top))) console.log(`  ${kb(row.gzip).padStart(9)}  ${kb(row.bytes).padStart(9)} min  ${row.group}`);
  };
  console.log('chunks (gzip -9, minified):');
  for (const [file, output] of outputs) console.log(`  ${nameOf(file).padEnd(28)} ${kb(gzip.get(file) ?? 0).padStart(9)} ${kb(output.bytes).padStart(9)}  ${path.basename(file)}`);

  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('entry-client.tsx'))?.[0];
  if (!entry) throw new Error('no entry in the metafile');
  const firstLoad = (chunks: string[]) => {
    const files = new Set([entry, ...staticImports(entry)]);
    for (const [file] of outputs) if (chunks.includes(nameOf(file))) for (const f of [file, ...staticImports(file)]) files.add(f);
    return [...files];
  };
  const pages: [string, string[]][] = [
    ['entry alone (every page)', []],
    ['home', ['home']],
    ['list', ['list']],
    ['detail', ['property']],
    ['project', ['project']],
    ['module page', ['content']],
    ['form chunk alone', ['form']],
  ];
  for (const [title, chunks] of pages) {
    const files = title === 'form chunk alone' ? outputs.filter(([f]) => nameOf(f) === 'form').map(([f]) => f) : firstLoad(chunks);
    const rows = mergeComposition(files.flatMap((f) => chunkComposition(metafile.outputs[f] ?? { inputs: {} }, gzip.get(f) ?? 0, group)));
    print(
      title,
      rows,
      files.reduce((sum, f) => sum + (gzip.get(f) ?? 0), 0),
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
