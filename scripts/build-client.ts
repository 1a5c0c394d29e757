/**
 * Builds the browser bundle: one hashed module script and one hashed stylesheet, plus
 * the static files, into dist/client (served as Workers static assets), and writes
 * dist/client-assets.json so the worker knows the hashed names.
 */
import { build, context, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { epcLabelFiles } from './lib/epc-labels.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/client');
const staticDir = path.join(out, 'static');

/** Source files whose chunk gets a name in the manifest. */
export const LAZY_CHUNKS: Record<string, string> = {
  'client/components/FormView.tsx': 'form',
  'client/components/screens/OwnerScreens.tsx': 'owner',
  'client/components/screens/HomeScreen.tsx': 'home',
  'client/components/screens/ListScreen.tsx': 'list',
  'client/components/screens/PropertyScreen.tsx': 'property',
  'client/components/screens/ProjectScreens.tsx': 'project',
  'client/components/screens/ContentScreens.tsx': 'content',
  'client/components/screens/AlertsScreen.tsx': 'alerts',
  'client/components/screens/PrivacyScreen.tsx': 'privacy',
  'client/components/screens/AccessibilityScreen.tsx': 'accessibility',
  'client/components/screens/FavouritesScreen.tsx': 'favourites',
};

/** Source files loaded with import() that are never announced: parts hydrated when needed (client/lib/island.ts). */
const ISLAND_MODULES = [
  'client/components/BookVisit.tsx',
  'client/components/PropertyMedia.tsx',
  'client/map/PropertyMap.tsx',
  'client/map/engine.ts',
  'client/components/DocumentList.tsx',
  'client/components/SimilarProperties.tsx',
  'client/components/BuyingCosts.tsx',
  'client/components/PropertyFactGroups.tsx',
  'client/components/LegalInformation.tsx',
  'client/components/layout/CookieConsent.tsx',
  'client/components/layout/BackToTop.tsx',
  'client/components/layout/Header.tsx',
  'client/components/layout/TopBar.tsx',
];

/** Every source file the browser code loads with import(). */
const LAZY_MODULES = new Set([...Object.keys(LAZY_CHUNKS), ...ISLAND_MODULES].map((file) => path.join(root, file)));

/**
 * What the main script loads, in one chunk. esbuild puts each module in the chunk of the set
 * of entry points that reach it, and each import() is an entry point: the modules the main
 * script shares with different lazy chunks came in ten files, each gzipped on its own (about
 * 2 KB more on every page). Every lazy module also re-exports the app's start here, so all of
 * them reach the whole main graph and it becomes one chunk. Only the build sees the re-export.
 */
function mainGraphInOneChunk(): Plugin {
  const app = path.join(root, 'client/app.tsx');
  return {
    name: 'main-graph-in-one-chunk',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!LAZY_MODULES.has(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: `${source}\nexport { startApp as __startApp } from ${JSON.stringify(app)};\n`, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** The browser build's options; scripts/bundle-report.ts builds the same bundle elsewhere to analyse it. */
export function buildOptions(quiet: boolean): BuildOptions & { metafile: true } {
  return {
    entryPoints: { app: path.join(root, 'client/entry-client.tsx') },
    outdir: staticDir,
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    // Rarely needed code (forms with zod, the owner portal) loads on demand: client/lib/lazy-component.tsx.
    splitting: true,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    platform: 'browser',
    jsx: 'automatic',
    conditions: ['browser', 'import', 'production'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // The router's store asks for the shim that brings useSyncExternalStore to React < 18;
    // React 19 has it, so the selector helper built on React's own is enough.
    alias: { 'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector' },
    legalComments: 'none',
    metafile: true,
    sourcemap: false,
    logLevel: quiet ? 'error' : 'info',
    plugins: [mainGraphInOneChunk()],
  };
}

/** Hashed names the worker needs: the entry, its stylesheet, and the chunks to preload. */
export interface ClientAssets {
  js: string;
  css: string;
  /** Chunks the entry imports statically: announced with modulepreload on every page. */
  preload: string[];
  /** Per lazy chunk (client/lib/lazy-component.tsx), its files to announce when it renders. */
  chunks: Record<string, string[]>;
  /** The floor page's one script: React, react-dom and TanStack Router alone (client/floor/). */
  floor: string;
}

/** Writes the static files, headers and the hashed-name manifest for a finished build. */
async function finish(metafile: Metafile): Promise<ClientAssets> {
  const url = (file: string) => `/${path.relative(out, path.join(root, file)).split(path.sep).join('/')}`;
  const entry = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint !== undefined && o.entryPoint.endsWith('entry-client.tsx'));
  const cssFile = Object.keys(metafile.outputs).find((f) => f.endsWith('.css'));
  if (!entry || !cssFile) throw new Error(`build produced no JS or CSS: ${Object.keys(metafile.outputs).join(', ')}`);
  const js = url(entry[0]);
  const css = url(cssFile);
  // Static imports, transitively: what a chunk cannot run without.
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return seen;
  };
  const preloadSet = staticImports(entry[0]);
  const preload = [...preloadSet].map(url);
  const chunks: Record<string, string[]> = {};
  for (const output of Object.values(metafile.outputs)) {
    const source = output.entryPoint;
    if (source && source !== 'client/entry-client.tsx' && !LAZY_MODULES.has(path.join(root, source))) {
      throw new Error(`${source} is loaded with import() but scripts/build-client.ts does not know it: add it to LAZY_CHUNKS (announced) or ISLAND_MODULES`);
    }
  }
  for (const [file, output] of Object.entries(metafile.outputs)) {
    // A lazy module's code, or the small file its dynamic import loads when esbuild moved
    // that code into a chunk shared with another import: both are announced.
    const name =
      (output.entryPoint ? LAZY_CHUNKS[output.entryPoint] : undefined) ??
      Object.keys(output.inputs)
        .map((input) => LAZY_CHUNKS[input])
        .find((n) => n !== undefined);
    if (!name || file === entry[0] || !file.endsWith('.js')) continue;
    const files = new Set(chunks[name]);
    for (const f of [file, ...staticImports(file)]) if (!preloadSet.has(f)) files.add(url(f));
    chunks[name] = [...files];
  }
  await cp(path.join(root, 'client/public'), staticDir, { recursive: true });
  for (const [file, svg] of epcLabelFiles()) {
    await mkdir(path.dirname(path.join(staticDir, file)), { recursive: true });
    await writeFile(path.join(staticDir, file), svg);
  }
  // The map's stylesheet comes with the map (client/map/engine.ts), never with a page.
  const leaflet = path.join(root, 'node_modules/leaflet');
  const leafletVersion = (JSON.parse(await readFile(path.join(leaflet, 'package.json'), 'utf8')) as { version: string }).version;
  await mkdir(path.join(staticDir, 'vendor'), { recursive: true });
  await cp(path.join(leaflet, 'dist/leaflet.css'), path.join(staticDir, `vendor/leaflet-${leafletVersion}.css`));
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
  const assets: ClientAssets = { js, css, preload, chunks, floor: await buildFloor() };
  await writeFile(path.join(root, 'dist/client-assets.json'), `${JSON.stringify(assets, null, 2)}\n`);
  return assets;
}

/**
 * The floor page's script, built on its own with the same options (minified, production
 * React, the same targets) and no splitting: what the stack costs with nothing of the site.
 */
async function buildFloor(): Promise<string> {
  const { plugins: _plugins, ...options } = buildOptions(true);
  const result = await build({ ...options, entryPoints: { floor: path.join(root, 'client/floor/entry.tsx') }, splitting: false });
  const file = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith('floor/entry.tsx'))?.[0];
  if (!file) throw new Error('the floor page built no script');
  return `/${path.relative(out, path.join(root, file)).split(path.sep).join('/')}`;
}

export async function buildClient(options: { quiet?: boolean } = {}): Promise<ClientAssets> {
  await rm(out, { recursive: true, force: true });
  await mkdir(staticDir, { recursive: true });
  const result = await build(buildOptions(options.quiet ?? false));
  return finish(result.metafile);
}

/** Rebuilds on every source change (npm run dev); the worker picks up the new names. */
export async function watchClient(): Promise<void> {
  const options = buildOptions(true);
  const ctx = await context({
    ...options,
    plugins: [...(options.plugins ?? []), { name: 'manifest', setup: (b) => b.onEnd((r) => (r.metafile ? finish(r.metafile).then(() => undefined) : undefined)) }],
  });
  await ctx.watch();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { command } = await import('./lib/cli.ts');
  command({ name: 'npm run build', usage: ['npm run build'], options: {} });
  const assets = await buildClient();
  console.log(`client built: ${assets.js}, ${assets.css}`);
}
