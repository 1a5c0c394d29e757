/**
 * What one CRM pull may cost, and the errors it ends with. A CRM whose paging never ends,
 * that drips a byte every two seconds or answers 500 MB must not take the run (or the
 * isolate's memory) with it. Isomorphic: the cron and `crm:sync --pull` share it.
 */
export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** Why a pull was stopped: the CRM failed to answer, or its answer broke a bound. */
export type FeedFailure = 'unreachable' | 'out-of-bounds';

export class FeedError extends Error {
  readonly failure: FeedFailure;
  constructor(message: string, failure: FeedFailure = 'unreachable') {
    super(message);
    this.failure = failure;
  }
}

/**
 * What one pull may cost. A CRM whose paging never ends, that drips one byte every two
 * seconds, or answers 500 MB must not take the run (or the isolate's memory) with it: every
 * call has a time limit and a size limit, every list a page cap, and the whole run a budget
 * well under a scheduled Worker's limits.
 */
export interface PullLimits {
  /** One call, headers and body. */
  callMs: number;
  /** One answer's body. */
  maxBytes: number;
  /** Pages of one list. */
  maxPages: number;
  /** The whole pull. */
  runMs: number;
}

export const PULL_LIMITS: PullLimits = { callMs: 20_000, maxBytes: 16 * 1024 * 1024, maxPages: 200, runMs: 120_000 };

/** A fetcher held to the limits: each call within its time and size, the run within its budget. */
export function boundedFetcher(fetcher: Fetcher, limits: PullLimits, clock: () => number = Date.now): (input: string, init?: RequestInit) => Promise<Response> {
  const deadline = clock() + limits.runMs;
  return async (input, init) => {
    const left = deadline - clock();
    if (left <= 0) throw new FeedError(`the pull ran past its budget of ${Math.round(limits.runMs / 1000)} s`, 'out-of-bounds');
    const ms = Math.min(limits.callMs, left);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(
          new FeedError(
            ms < limits.callMs ? `the pull ran past its budget of ${Math.round(limits.runMs / 1000)} s` : `no complete answer within ${Math.round(ms / 1000)} s`,
            ms < limits.callMs ? 'out-of-bounds' : 'unreachable',
          ),
        );
      }, ms);
    });
    try {
      const response = await Promise.race([fetcher(input, { ...init, signal: controller.signal }), expired]);
      const body = await Promise.race([readCapped(response, limits.maxBytes), expired]);
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError(`the CRM could not be reached: ${withoutQueries(error instanceof Error ? error.message : String(error))}`);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * A network error's words without any query string: an Omnicasa call carries the agency's
 * password (and an owner's, at login) in its query, and this message goes to the logs,
 * `crm_runs` and `crm_pushes`.
 */
export function withoutQueries(message: string): string {
  return message.replace(/\?[^\s"'<>]*/g, '?[…]');
}

/** The body, read chunk by chunk and given up the moment it passes the cap. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const announced = Number(response.headers.get('Content-Length') ?? NaN);
  if (announced > maxBytes) throw new FeedError(`an answer of ${announced} bytes, over the limit of ${maxBytes}`, 'out-of-bounds');
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FeedError(`an answer over the limit of ${maxBytes} bytes`, 'out-of-bounds');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * Pages of one list, held to the page cap, and stopped when a page repeats one already read
 * or the count passes what the CRM announced: a CRM that ignores the offset would
 * otherwise be read forever.
 */
export class Pager {
  private readonly seen = new Set<string>();
  private read = 0;
  private pages = 0;
  private readonly what: string;
  private readonly maxPages: number;
  constructor(what: string, maxPages: number) {
    this.what = what;
    this.maxPages = maxPages;
  }

  /** Takes one page; throws when it breaks a bound. */
  take(items: Record<string, unknown>[], announced: unknown): void {
    this.pages += 1;
    if (this.pages > this.maxPages) throw new FeedError(`${this.what}: more than ${this.maxPages} pages`, 'out-of-bounds');
    const key = items.map((i) => String(i.ID ?? i.id ?? JSON.stringify(i))).join(',');
    if (items.length > 0 && this.seen.has(key)) throw new FeedError(`${this.what}: page ${this.pages} repeats an earlier page (the offset is ignored)`, 'out-of-bounds');
    this.seen.add(key);
    this.read += items.length;
    if (typeof announced === 'number' && this.read > announced) throw new FeedError(`${this.what}: ${this.read} records read, more than the ${announced} announced`, 'out-of-bounds');
  }
}
