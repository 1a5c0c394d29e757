/**
 * Builds the browser bundle: one hashed module script and one hashed stylesheet, plus
 * the static files, into dist/client (served as Workers static assets), and writes
 * dist/client-assets.json so the worker knows the hashed names.
 */
import { build, context, type BuildOptions, type Metafile } from 'esbuild';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { epcLabelFiles } from './lib/epc-labels.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/client');
const staticDir = path.join(out, 'static');

function buildOptions(quiet: boolean): BuildOptions & { metafile: true } {
  return {
    entryPoints: { app: path.join(root, 'client/entry-client.tsx') },
    outdir: staticDir,
    entryNames: '[name].[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    platform: 'browser',
    jsx: 'automatic',
    conditions: ['browser', 'import', 'production'],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    sourcemap: false,
    logLevel: quiet ? 'error' : 'info',
  };
}

/** Writes the static files, headers and the hashed-name manifest for a finished build. */
async function finish(metafile: Metafile): Promise<{ js: string; css: string }> {
  const outputs = Object.keys(metafile.outputs).map((file) => `/${path.relative(out, path.join(root, file)).split(path.sep).join('/')}`);
  const js = outputs.find((f) => f.endsWith('.js'));
  const css = outputs.find((f) => f.endsWith('.css'));
  if (!js || !css) throw new Error(`build produced no JS or CSS: ${outputs.join(', ')}`);
  await cp(path.join(root, 'client/public'), staticDir, { recursive: true });
  for (const [file, svg] of epcLabelFiles()) {
    await mkdir(path.dirname(path.join(staticDir, file)), { recursive: true });
    await writeFile(path.join(staticDir, file), svg);
  }
  // Static assets never pass through the worker, so they get their headers here.
  await writeFile(
    path.join(out, '_headers'),
    [
      '/static/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '  X-Content-Type-Options: nosniff',
      '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
      '  Referrer-Policy: strict-origin-when-cross-origin',
      '  Cross-Origin-Resource-Policy: same-origin',
      "  Content-Security-Policy: default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'",
      '',
    ].join('\n'),
  );
  const assets = { js, css };
  await writeFile(path.join(root, 'dist/client-assets.json'), `${JSON.stringify(assets, null, 2)}\n`);
  return assets;
}

export async function buildClient(options: { quiet?: boolean } = {}): Promise<{ js: string; css: string }> {
  await rm(out, { recursive: true, force: true });
  await mkdir(staticDir, { recursive: true });
  const result = await build(buildOptions(options.quiet ?? false));
  return finish(result.metafile);
}

/** Rebuilds on every source change (npm run dev); the worker picks up the new names. */
export async function watchClient(): Promise<void> {
  const ctx = await context({
    ...buildOptions(true),
    plugins: [{ name: 'manifest', setup: (b) => b.onEnd((r) => (r.metafile ? finish(r.metafile).then(() => undefined) : undefined)) }],
  });
  await ctx.watch();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const assets = await buildClient();
  console.log(`client built: ${assets.js}, ${assets.css}`);
}
