/**
 * npm run bench:pair -- A.js B.js [--dir content/demo] [--urls 1000]: two builds of the worker
 * side by side on the same distinct cold list URLs, each URL asked of A and of B in turn (the
 * order alternating), with workerd's CPU for each request read from the kernel's nanosecond
 * scheduler counters. This machine's speed drifts by a third within minutes, so runs minutes
 * apart cannot show a difference of a millisecond; requests milliseconds apart can. Before
 * measuring it checks that both builds serve the same pages (the nonce and host aside).
 * Writes docs/bench/pair.json. Make a build with
 *   npx wrangler deploy --dry-run --outdir DIR   (then DIR/index.js)
 * at each commit to compare; a build against itself measures the method's noise.
 */
import { readFile, readdir } from 'node:fs/promises';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { command } from './lib/cli.ts';
import { freePort } from './lib/free-port.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';
import { applyMigrations, readMigrations } from './lib/local-migrations.ts';
import { coldListUrls, shuffled } from './lib/cold-urls.ts';
import { HEADERS, workerdPid } from './lib/bench-measure.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { benchSite } from './lib/bench-site.ts';

/** CPU time of every thread of a process, in nanoseconds (schedstat's first field). */
async function cpuNs(pid: number): Promise<number> {
  let total = 0;
  for (const task of await readdir(`/proc/${pid}/task`)) total += Number((await readFile(`/proc/${pid}/task/${task}/schedstat`, 'utf8')).split(' ')[0]);
  return total;
}

/** A page as both builds must write it: the per-response nonce and each build's own host set aside. */
function comparable(html: string): string {
  const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1] ?? 'no nonce';
  return html
    .replaceAll(nonce, 'NONCE')
    .replace(/\bu:\d+/g, 'u:0')
    .replace(/http:\/\/[ab]\.bench/g, 'ORIGIN');
}

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
const ms = (n: number) => Number(n.toFixed(3));

async function main() {
  const { values, positionals, fail } = command({
    name: 'npm run bench:pair',
    usage: ['npm run bench:pair -- A.js B.js [--dir content/demo] [--urls 1000]'],
    options: { dir: { type: 'string', default: 'content/demo' }, urls: { type: 'string', default: '1000' } },
    positionals: true,
  });
  if (positionals.length !== 2) fail('name two worker builds (index.js of `wrangler deploy --dry-run --outdir DIR`)');
  const [a = '', b = ''] = positionals;
  const count = Number(values.urls);
  if (!Number.isInteger(count) || count < 10) fail('--urls takes a whole number of at least 10');
  const toml = await readFile('wrangler.toml', 'utf8');
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? '2026-11-01';
  const site = (name: 'a' | 'b', scriptPath: string) => {
    const base = benchSite(scriptPath, compatibilityDate, `http://${name}.bench`);
    return { ...base, name, routes: [`${name}.bench/*`], kvNamespaces: { CONTENT: 'content' }, bindings: { ...base.bindings, PAGE_CACHE: 'isolate' } };
  };
  const mf = new Miniflare(convertV4MiniflareOptions({ host: '127.0.0.1', port: await freePort(), workers: [site('a', a), site('b', b)] }));
  try {
    await mf.ready;
    const pid = await workerdPid();
    const content = await loadContent(values.dir ?? 'content/demo');
    if (!content.ok) throw new Error(`content invalid: ${content.problems.length} problems`);
    const compiled = compileContent(content.content);
    const bindings = await mf.getBindings<Env>('a');
    await applyMigrations(bindings.DB, await readMigrations());
    await publishVersion(kvPublishStore(bindings.CONTENT), compiled, { version: await versionName(compiled) });

    const get = async (build: 'a' | 'b', path: string, extra: Record<string, string> = {}) => {
      const response = await mf.dispatchFetch(`http://${build}.bench${path}`, { headers: { ...HEADERS, ...extra } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${build} ${path}: HTTP ${response.status}`);
      return text;
    };
    const list = JSON.parse(await get('a', '/api/page?lang=fr&path=/fr/a-vendre/')) as { list: { types: { value: string }[] } };
    const urls = shuffled(coldListUrls(['/fr/a-vendre/', '/nl/te-koop/', '/en/for-sale/', '/de/zu-verkaufen/'], [undefined, ...list.list.types.map((t) => t.value)]), 3);
    if (urls.length < count + 40) fail(`--urls: this content has ${urls.length - 40} distinct cold list URLs to measure`);

    // The same pages, rendered anew by each (the bench header bypasses the page cache).
    const samePaths = [...urls.slice(0, 40), '/fr/', '/nl/', '/fr/a-vendre/', '/de/zu-verkaufen/?view=list', '/en/for-sale/?view=map'];
    const differing: string[] = [];
    for (const path of samePaths) {
      const [pageA, pageB] = await Promise.all([get('a', path, { 'X-Bench-Render': 'stream' }), get('b', path, { 'X-Bench-Render': 'stream' })]);
      if (comparable(pageA) !== comparable(pageB)) differing.push(path);
    }

    const measured = urls.slice(40, 40 + count);
    const spent = { a: 0, b: 0 };
    const differences: number[] = [];
    for (const [i, path] of measured.entries()) {
      const each = { a: 0, b: 0 };
      for (const build of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
        const before = await cpuNs(pid);
        await get(build, path);
        each[build] = ((await cpuNs(pid)) - before) / 1e6;
        spent[build] += each[build];
      }
      differences.push(each.b - each.a);
    }
    differences.sort((x, y) => x - y);
    const figures = {
      a,
      b,
      content: values.dir,
      urls: measured.length,
      samePages: `${samePaths.length - differing.length} of ${samePaths.length}`,
      differingPages: differing,
      cpuMsPerRender: { a: ms(spent.a / measured.length), b: ms(spent.b / measured.length) },
      bMinusA: {
        mean: ms((spent.b - spent.a) / measured.length),
        median: ms(quantile(differences, 0.5)),
        lowerQuartile: ms(quantile(differences, 0.25)),
        upperQuartile: ms(quantile(differences, 0.75)),
      },
    };
    console.log(`same pages: ${figures.samePages}${differing.length ? ` (differ: ${differing.join(', ')})` : ''}`);
    console.log(
      `${measured.length} distinct cold list URLs, workerd CPU per render: A ${figures.cpuMsPerRender.a} ms, B ${figures.cpuMsPerRender.b} ms; B − A mean ${figures.bMinusA.mean} ms, median ${figures.bMinusA.median} (quartiles ${figures.bMinusA.lowerQuartile} … ${figures.bMinusA.upperQuartile})`,
    );
    console.log(`figures written to ${await writeBenchRecord('pair', figures)}`);
  } finally {
    await mf.dispose();
  }
}

await main();
