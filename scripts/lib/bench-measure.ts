/**
 * How `npm run bench` measures a running worker: throughput with autocannon (one URL, or
 * distinct URLs each asked once), workerd's CPU per request from /proc, and a CPU profile
 * split into phases (scripts/lib/cpu-profile.ts). scripts/bench.ts sets the site up and prints.
 */
import { readFile, readdir } from 'node:fs/promises';
import autocannon from 'autocannon';
import { attribute, profileWorker, selfTimes } from './cpu-profile.ts';

export interface LoadResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Throughput when every request renders (cache bypassed), for page types. */
  renderedRequestsPerSecond: number | null;
}

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) Vitrine-bench';
export const HEADERS = { 'accept-encoding': 'identity', 'user-agent': BROWSER_UA };

/** A response as Miniflare's dispatchFetch and fetch both give it, as far as the bench reads it. */
interface BenchResponse {
  status: number;
  headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Where CPU goes per request, from a CPU profile of the named copy of the worker over distinct URLs asked once each. */
export async function profileDistinct(
  inspectorPort: number,
  dispatch: (path: string) => Promise<BenchResponse>,
  paths: readonly string[],
): Promise<{ requests: number; phases: Record<string, number>; totalMs: number; heaviest: { fn: string; ms: number }[] }> {
  for (const path of paths.slice(0, 10)) await (await dispatch(path)).arrayBuffer();
  const measured = paths.slice(10);
  const profile = await profileWorker(inspectorPort, 'site-profiled', async () => {
    for (const path of measured) {
      const response = await dispatch(path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
    }
  });
  const phases: Record<string, number> = {};
  let total = 0;
  for (const [phase, ms] of attribute(profile)) {
    phases[phase] = Number((ms / measured.length).toFixed(3));
    total += ms;
  }
  const heaviest = selfTimes(profile).map(({ fn, ms }) => ({ fn, ms: Number((ms / measured.length).toFixed(3)) }));
  return { requests: measured.length, phases, totalMs: Number((total / measured.length).toFixed(3)), heaviest };
}

export async function load(url: string, name: string, path: string, seconds: number, measureRender: boolean): Promise<LoadResult> {
  const result = await autocannon({ url: `${url}${path}`, connections: 10, duration: seconds, headers: HEADERS });
  // The same load with every request rendered: what a page costs the first time it is asked for.
  const rendered = measureRender ? await autocannon({ url: `${url}${path}`, connections: 10, duration: seconds, headers: { ...HEADERS, 'x-bench-render': 'stream' } }) : null;
  return {
    name,
    path,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + (rendered?.errors ?? 0),
    non2xx: result.non2xx + (rendered?.non2xx ?? 0),
    renderedRequestsPerSecond: rendered ? Math.round(rendered.requests.average) : null,
  };
}

/**
 * Distinct URLs, each asked once in a fixed shuffled order by 8 connections: most requests
 * a site gets are combinations nobody asked for in this isolate yet.
 */
export async function loadDistinct(url: string, paths: readonly string[], seconds: number): Promise<{ requestsPerSecond: number; p50: number; p99: number; errors: number; asked: number }> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: 8,
    duration: seconds,
    headers: HEADERS,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }) }],
  });
  return { requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, asked: next };
}

/** CPU per request over distinct URLs, each asked once (after a warm-up on other URLs). */
export async function cpuPerDistinct(pid: number, url: string, paths: readonly string[], count: number): Promise<number> {
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: HEADERS });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  };
  for (const path of paths.slice(0, 20)) await get(path);
  const measured = paths.slice(20, 20 + count);
  const before = await cpuMs(pid);
  for (const path of measured) await get(path);
  return ((await cpuMs(pid)) - before) / measured.length;
}

/** CPU per request over paths asked in order, each answered from `source` (the Server-Timing of the page). */
export async function cpuPerDispatch(pid: number, dispatch: (path: string) => Promise<BenchResponse>, paths: readonly string[], source: string): Promise<number> {
  const before = await cpuMs(pid);
  for (const path of paths) {
    const response = await dispatch(path);
    await response.arrayBuffer();
    const servedFrom = /desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1];
    if (response.status !== 200 || servedFrom !== source) throw new Error(`${path}: HTTP ${response.status} from ${servedFrom}, expected ${source}`);
  }
  return ((await cpuMs(pid)) - before) / paths.length;
}

/** The workerd process Miniflare started: a child of this process. */
export async function workerdPid(): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (stat.includes('(workerd)') && Number(fields[1]) === process.pid) return Number(entry);
  }
  throw new Error('workerd process not found');
}

/** utime + stime of a process in milliseconds (clock ticks of 10 ms). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU per request over `count` sequential requests after a warm-up of 50. */
export async function cpuPerRequest(pid: number, url: string, extra: Record<string, string>, count: number): Promise<number> {
  const get = async () => {
    const response = await fetch(url, { headers: { ...HEADERS, ...extra } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  };
  for (let i = 0; i < 50; i++) await get();
  const before = await cpuMs(pid);
  for (let i = 0; i < count; i++) await get();
  return ((await cpuMs(pid)) - before) / count;
}
