/**
 * npm run lighthouse -- --url http://127.0.0.1:8787 [--runs 5] [--pages /,/fr/a-vendre/] [--cpu-slowdown 4]
 *                      [--as-host 2000] [--before http://127.0.0.1:8788]
 *
 * Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and CPU slowdown)
 * against a running site with Debian's Chromium, N runs per page, the median of each
 * figure reported. The budgets are set for a host whose benchmarkIndex is at most 2,000; on a
 * faster host the CPU slowdown is raised by the ratio of the two indexes (Lighthouse's own
 * advice for calibrating its CPU throttling, docs/throttling.md in its repository), so a
 * fast host does not flatter the figures. `--before` names a second running site (an older
 * commit): its runs alternate with the first's, page by page, in the same run. Prints the four category scores, LCP, CLS, TBT and transferred bytes,
 * lists every audit that did not pass, and writes docs/bench/lighthouse.json. Figures are
 * reported, never asserted: machines differ.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { command } from './lib/cli.ts';
import lighthouse from 'lighthouse';
import { provenance, writeBenchRecord } from './lib/bench-record.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthouseOptions {
  /** Origin of the running site, e.g. http://127.0.0.1:8787. */
  url: string;
  /** Paths to audit; default: the floor page, the home, the sale list, the first property and project of the sitemap. */
  pages?: string[];
  runs?: number;
  /** Simulated CPU slowdown of the mobile preset (Lighthouse's default is 4). */
  cpuSlowdown?: number;
  /** Emulate a host no faster than this benchmarkIndex (0: measure as the host is). */
  asHostIndex?: number;
  /** A second site measured in the same run, alternating with the first (the commit before). */
  before?: string;
  chromePath?: string;
  /** Where to write the JSON report; null writes nothing. */
  out?: string | null;
  log?: (line: string) => void;
}

export interface PageFigures {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferBytes: number;
  /** Bytes of script transferred (gzip on the wire) before the page was idle. */
  scriptBytes: number;
}

export interface PageReport extends PageFigures {
  path: string;
  /** 'after' for the site under --url, 'before' for the one under --before. */
  site: 'after' | 'before';
  /** Audits that scored below 1 in any run, with their category and title. */
  failing: { id: string; category: Category; title: string; runs: number }[];
  runs: PageFigures[];
}

export interface LighthouseReport {
  date: string;
  url: string;
  runs: number;
  cpuSlowdown: number;
  lighthouseVersion: string;
  userAgent: string;
  /** Lighthouse's own measure of this machine's speed, to calibrate the CPU slowdown. */
  benchmarkIndex: number | null;
  /** The benchmarkIndex the slowdown emulates (null: the host as it is). */
  emulatedHostIndex: number | null;
  before: string | null;
  pages: PageReport[];
}

function scoresOf(get: (category: Category) => number): Record<Category, number> {
  return { performance: get('performance'), accessibility: get('accessibility'), 'best-practices': get('best-practices'), seo: get('seo') };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Starts Chromium with a DevTools port and resolves once it listens. */
async function launchChrome(chromePath: string): Promise<{ port: number; process: ChildProcess; close: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'vitrine-lh-'));
  const child = spawn(chromePath, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}: ${output}`));
    });
  });
  return {
    port,
    process: child,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The first property detail in the site's sitemap (French first), for the default page set. */
/** The first French property and project pages of the sitemap. */
async function firstDetailPaths(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/sitemap.xml`);
  if (!response.ok) return [];
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '', origin).pathname);
  const property = locs.find((p) => /^\/fr\/a-vendre\/[^/]+\/[^/]+\/\d+\/$/.test(p)) ?? locs.find((p) => /\/\d+\/$/.test(p));
  const project = locs.find((p) => /^\/fr\/projets\/[^/]+\/\d+\/$/.test(p));
  return [property, project].filter((p): p is string => p !== undefined);
}

/** The script row of Lighthouse's resource summary: bytes transferred for scripts. */
function scriptTransfer(details: unknown): number {
  const items = typeof details === 'object' && details !== null && 'items' in details && Array.isArray(details.items) ? (details.items as unknown[]) : [];
  const script = items.find((item): item is { resourceType: string; transferSize: number } => typeof item === 'object' && item !== null && 'resourceType' in item && item.resourceType === 'script');
  return script ? Math.round(numeric(script.transferSize)) : 0;
}

function numeric(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Runs Lighthouse `runs` times on each page and reports medians.
 * Why a function: the performance work reuses it with other pages and budgets.
 */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const origin = options.url.replace(/\/+$/, '');
  const sites: { site: PageReport['site']; origin: string }[] = [{ site: 'after', origin }];
  if (options.before) sites.push({ site: 'before', origin: options.before.replace(/\/+$/, '') });
  const runs = Math.max(1, options.runs ?? 5);
  const baseSlowdown = options.cpuSlowdown ?? 4;
  // The floor page first: React and TanStack Router alone, the part of every page that is the stack's.
  const pages = options.pages ?? ['/bench/floor/', '/', '/fr/a-vendre/', ...(await firstDetailPaths(origin))];
  const chrome = await launchChrome(options.chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium');
  const report: LighthouseReport = {
    date: new Date().toISOString(),
    url: origin,
    before: sites[1]?.origin ?? null,
    runs,
    cpuSlowdown: baseSlowdown,
    lighthouseVersion: '',
    userAgent: '',
    benchmarkIndex: null,
    emulatedHostIndex: null,
    pages: [],
  };
  const audit = async (url: string, cpuSlowdown: number) => {
    for (let attempt = 0; ; attempt++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        throttling: { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: cpuSlowdown },
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (!lhr.runtimeError) return lhr;
      // A trace Lighthouse could not record (NO_NAVSTART on a busy machine) is run again.
      if (attempt >= 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      log(`  ${url}: ${lhr.runtimeError.code}, run again`);
    }
  };
  try {
    let cpuSlowdown = baseSlowdown;
    const target = options.asHostIndex ?? 0;
    if (target > 0) {
      // One uncounted run reads this host's benchmarkIndex; a faster host gets a larger slowdown.
      const probe = await audit(`${origin}${pages[0] ?? '/'}`, baseSlowdown);
      const index = probe.environment.benchmarkIndex ?? 0;
      if (index > target) {
        cpuSlowdown = Math.round(((baseSlowdown * index) / target) * 100) / 100;
        report.emulatedHostIndex = target;
      }
      log(`  benchmarkIndex ${index}: CPU slowdown ${cpuSlowdown}${report.emulatedHostIndex ? ` (a host of ${target})` : ''}`);
    }
    report.cpuSlowdown = cpuSlowdown;
    for (const page of pages) {
      const figures = new Map(sites.map(({ site }) => [site, [] as PageFigures[]]));
      const failing = new Map(sites.map(({ site }) => [site, new Map<string, PageReport['failing'][number]>()]));
      // A page the older commit did not have yet (the floor page) is measured on the newer one only.
      const present = [];
      for (const entry of sites) if ((await fetch(`${entry.origin}${page}`, { redirect: 'manual' })).ok) present.push(entry);
      for (let run = 0; run < runs; run++) {
        for (const { site, origin: siteOrigin } of present) {
          const lhr = await audit(`${siteOrigin}${page}`, cpuSlowdown);
          report.lighthouseVersion = lhr.lighthouseVersion;
          report.userAgent = lhr.environment.hostUserAgent;
          report.benchmarkIndex = lhr.environment.benchmarkIndex ?? null;
          const scores = scoresOf((c) => Math.round(numeric(lhr.categories[c]?.score) * 100));
          figures.get(site)?.push({
            scores,
            fcpMs: Math.round(numeric(lhr.audits['first-contentful-paint']?.numericValue)),
            lcpMs: Math.round(numeric(lhr.audits['largest-contentful-paint']?.numericValue)),
            cls: Math.round(numeric(lhr.audits['cumulative-layout-shift']?.numericValue) * 1000) / 1000,
            tbtMs: Math.round(numeric(lhr.audits['total-blocking-time']?.numericValue)),
            transferBytes: Math.round(numeric(lhr.audits['total-byte-weight']?.numericValue)),
            scriptBytes: scriptTransfer(lhr.audits['resource-summary']?.details),
          });
          const seenBySite = failing.get(site);
          for (const category of CATEGORIES) {
            for (const ref of lhr.categories[category]?.auditRefs ?? []) {
              const audited = lhr.audits[ref.id];
              if (!audited || ref.weight === 0 || audited.score === null || audited.score >= 1) continue;
              const seen = seenBySite?.get(ref.id);
              seenBySite?.set(ref.id, { id: ref.id, category, title: audited.title, runs: (seen?.runs ?? 0) + 1 });
            }
          }
          log(`  ${sites.length > 1 ? `${site} ` : ''}${page} run ${run + 1}/${runs}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}, TBT ${figures.get(site)?.at(-1)?.tbtMs} ms`);
        }
      }
      for (const { site } of present) {
        const all = figures.get(site) ?? [];
        const pick = (f: (x: PageFigures) => number) => median(all.map(f));
        report.pages.push({
          path: page,
          site,
          scores: scoresOf((c) => pick((x) => x.scores[c])),
          fcpMs: pick((x) => x.fcpMs),
          lcpMs: pick((x) => x.lcpMs),
          cls: pick((x) => x.cls),
          tbtMs: pick((x) => x.tbtMs),
          transferBytes: pick((x) => x.transferBytes),
          scriptBytes: pick((x) => x.scriptBytes),
          failing: [...(failing.get(site)?.values() ?? [])],
          runs: all,
        });
      }
    }
  } finally {
    await chrome.close();
  }
  if (options.out !== null) {
    if (options.out === undefined) await writeBenchRecord('lighthouse', report);
    else {
      await mkdir(path.dirname(options.out), { recursive: true });
      await writeFile(options.out, `${JSON.stringify({ ...provenance(), ...report }, null, 2)}\n`);
    }
  }
  return report;
}

/** The report as a table: one row per page, then what did not pass. */
export function formatReport(report: LighthouseReport): string {
  const lines = [
    `Lighthouse ${report.lighthouseVersion}, mobile, CPU ×${report.cpuSlowdown}, median of ${report.runs} (benchmarkIndex ${report.benchmarkIndex ?? '?'}${report.emulatedHostIndex ? `, emulating a host of ${report.emulatedHostIndex}` : ''})`,
    'page                                              perf  a11y  best   seo    FCP ms    LCP ms   CLS     TBT ms   bytes  script',
  ];
  for (const p of report.pages) {
    const s = p.scores;
    lines.push(
      `${(report.before ? `${p.site} ${p.path}` : p.path).padEnd(48)}  ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${String(s.seo).padStart(4)}  ${String(p.fcpMs).padStart(8)}  ${String(p.lcpMs).padStart(8)}  ${p.cls.toFixed(3)}  ${String(p.tbtMs).padStart(7)}  ${String(p.transferBytes).padStart(7)}  ${String(p.scriptBytes).padStart(6)}`,
    );
  }
  for (const p of report.pages) {
    for (const f of p.failing) lines.push(`  ${report.before ? `${p.site} ` : ''}${p.path}: [${f.category}] ${f.id} – ${f.title} (${f.runs}/${report.runs} runs)`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = command({
    name: 'npm run lighthouse',
    usage: ['npm run lighthouse -- [--url http://127.0.0.1:8787] [--runs 5] [--pages home,list,…]'],
    options: {
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '8787'}` },
      runs: { type: 'string', default: '5' },
      pages: { type: 'string' },
      'cpu-slowdown': { type: 'string', default: '4' },
      'as-host': { type: 'string', default: '2000' },
      before: { type: 'string' },
      out: { type: 'string' },
    },
  });
  runLighthouse({
    url: values.url,
    runs: Number(values.runs),
    cpuSlowdown: Number(values['cpu-slowdown']),
    asHostIndex: Number(values['as-host']),
    ...(values.before ? { before: values.before } : {}),
    out: values.out,
    ...(values.pages
      ? {
          pages: values.pages
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
        }
      : {}),
  })
    .then((report) => console.log(formatReport(report)))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
