/**
 * Where a request's CPU goes inside the worker: a V8 CPU profile taken through workerd's
 * inspector (the DevTools protocol Miniflare exposes with `inspectorPort`), then each
 * sample charged to the phase of the nearest function on its stack that marks one.
 * The worker must be bundled without minification so that function names survive.
 */

/** The slice of a V8 CPU profile (Profiler.stop) that attribution needs. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber?: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** A phase of a render and the function names that mark it (a string names one exactly, a RegExp a family). */
export interface Phase {
  name: string;
  markers: (string | RegExp)[];
}

/**
 * The phases of a page request, checked from the sampled function outwards: JSON.parse
 * inside a list read counts as reading content, a card component inside React's work loop
 * as rendering. Samples with no marker on their stack are the runtime, Hono and streams.
 */
export const RENDER_PHASES: Phase[] = [
  { name: 'content: KV read + JSON parse', markers: ['readOptional', 'dictionaryJson'] },
  { name: 'list: filter, sort, page, facets', markers: ['listFor', 'filterAndSortCards', 'facetsOf', 'newest', /^listIndex/, /^matchingIds/] },
  { name: 'page ETag (hash of the page data)', markers: ['pageEtag'] },
  { name: 'dehydration (router state into the page)', markers: [/^dehydrate/, /^crossSerialize/, /^serialize/, /^createCrossSerializer/] },
  { name: 'React render to HTML', markers: ['performWork', 'renderToReadableStream', 'renderToString', 'startWork', 'startFlowing'] },
  { name: 'other page data (resolvers)', markers: [/^resolve[A-Z]/, 'headFor'] },
  { name: 'page cache (capture for reuse)', markers: ['capturePage', 'splitOnNonce', 'joinWithNonce', 'storedResponse', 'pageFromStored'] },
  { name: 'garbage collection', markers: ['(garbage collector)'] },
];

const OTHER = 'runtime, Hono, streams (unmarked)';

function matches(name: string, marker: string | RegExp): boolean {
  return typeof marker === 'string' ? name === marker : marker.test(name);
}

/** Milliseconds of CPU per phase over the whole profile; idle time is left out. */
export function attribute(profile: CpuProfile, phases: Phase[] = RENDER_PHASES, maxSampleUs = 1000): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const phaseOf = new Map<number, string | null>();
  const resolve = (id: number): string | null => {
    const known = phaseOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const name = node?.callFrame.functionName ?? '';
    if (name === '(idle)') {
      phaseOf.set(id, null);
      return null;
    }
    const own = phases.find((p) => p.markers.some((m) => matches(name, m)))?.name;
    const up = parent.get(id);
    const phase = own ?? (up === undefined ? OTHER : resolve(up));
    phaseOf.set(id, phase);
    return phase;
  };
  const totals = new Map<string, number>([...phases.map((p) => [p.name, 0] as [string, number]), [OTHER, 0]]);
  profile.samples.forEach((id, i) => {
    // timeDeltas[i + 1] is how long sample i stood (as DevTools counts it). A gap far above
    // the interval is the isolate waiting for the next request, not work: capped.
    const micros = Math.min(profile.timeDeltas[i + 1] ?? 0, maxSampleUs);
    const phase = resolve(id);
    if (phase !== null) totals.set(phase, (totals.get(phase) ?? 0) + micros / 1000);
  });
  return totals;
}

/**
 * The functions the samples stood in (self time), heaviest first, in ms over the whole
 * profile: where to look inside a phase. Named with their file's last segment and line.
 */
export function selfTimes(profile: CpuProfile, top = 25, maxSampleUs = 1000): { fn: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const file = frame.url.split('/').pop() ?? '';
    // An anonymous function is told apart by its line (in the unminified bundle).
    const where = frame.functionName === '' && frame.lineNumber !== undefined ? `:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file}${where}` : ''}`;
    totals.set(name, (totals.get(name) ?? 0) + Math.min(profile.timeDeltas[i + 1] ?? 0, maxSampleUs) / 1000);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, ms]) => ({ fn, ms: Number(ms.toFixed(3)) }));
}

/** A DevTools protocol session on one inspector target (Node's global WebSocket). */
class InspectorSession {
  private readonly socket: WebSocket;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (message.id === undefined) return;
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
    });
  }

  static async open(url: string): Promise<InspectorSession> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`inspector ${url} refused the connection`)), { once: true });
    });
    return new InspectorSession(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Runs `work` while the named worker is profiled (sampling every `intervalUs` µs) and
 * returns the profile. `inspectorPort` is Miniflare's; workers are `core:user:<name>`.
 */
export async function profileWorker(inspectorPort: number, worker: string, work: () => Promise<void>, intervalUs = 100): Promise<CpuProfile> {
  const session = await InspectorSession.open(`ws://127.0.0.1:${inspectorPort}/core:user:${worker}`);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.send('Profiler.start');
    await work();
    const { profile } = await session.send<{ profile: CpuProfile }>('Profiler.stop');
    return profile;
  } finally {
    session.close();
  }
}
