/**
 * What one CRM pull may cost, and the errors it ends with. A CRM whose paging never ends,
 * that drips a byte every two seconds or answers 500 MB must not take the run (or the
 * isolate's memory) with it. Isomorphic: the cron and `crm:sync --pull` share it.
 */
import { concatBytes } from '../domain/rules/concat-bytes.ts';

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** Why a pull was stopped: the CRM failed to answer, or its answer broke a bound. */
export type FeedFailure = 'unreachable' | 'out-of-bounds' | 'over-budget';

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
  /** Bytes read by the whole pull, every call and page together. */
  maxTotalBytes: number;
  /** Records kept by the whole pull, every list together. */
  maxRecords: number;
}

export const PULL_LIMITS: PullLimits = { callMs: 20_000, maxBytes: 16 * 1024 * 1024, maxPages: 200, runMs: 120_000, maxTotalBytes: 32 * 1024 * 1024, maxRecords: 20_000 };

/**
 * The limits of the next call made while someone waits: what is left until `deadline`
 * (ms), never more than `base` allows. Past the deadline no call is made at all.
 */
export function limitsUntil(deadline: number, base: PullLimits, now = Date.now()): PullLimits {
  const left = Math.max(0, deadline - now);
  return { ...base, callMs: Math.min(base.callMs, Math.max(1, left)), runMs: left };
}

/**
 * What the whole pull has spent: bytes read and records kept, across every call and page.
 * Bounds per call and per page alone let a CRM that keeps sending pages grow the pull to
 * gigabytes (200 pages of 16 MB) before any of them trips; the total is checked as each
 * page arrives, so the refusal is recorded while memory is still small.
 */
export class PullBudget {
  private bytes = 0;
  private records = 0;
  readonly limits: PullLimits;
  constructor(limits: PullLimits) {
    this.limits = limits;
  }

  /** Bytes one answer may still read: its own cap, or what is left of the pull's, whichever is smaller. */
  bytesLeft(): number {
    return Math.max(0, this.limits.maxTotalBytes - this.bytes);
  }

  spendBytes(n: number): void {
    this.bytes += n;
    if (this.bytes > this.limits.maxTotalBytes) throw new FeedError(`the pull read more than ${mib(this.limits.maxTotalBytes)} in all`, 'over-budget');
  }

  spendRecords(n: number): void {
    this.records += n;
    if (this.records > this.limits.maxRecords) throw new FeedError(`the pull read more than ${this.limits.maxRecords} records in all`, 'over-budget');
  }
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * A fetcher held to the limits: each call within its time and size, the run within its
 * time and its total of bytes (`budget`, shared with the pull's pagers).
 */
export function boundedFetcher(
  fetcher: Fetcher,
  limits: PullLimits,
  clock: () => number = Date.now,
  budget: PullBudget = new PullBudget(limits),
): (input: string, init?: RequestInit) => Promise<Response> {
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
      const left = budget.bytesLeft();
      const body = await Promise.race([readCapped(response, Math.min(limits.maxBytes, left), left < limits.maxBytes ? budget : null), expired]);
      budget.spendBytes(body.byteLength);
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
 * A network error's words without any query string: a CRM call may carry the agency's
 * password (and an owner's, at login) in its query, and this message goes to the logs,
 * `crm_runs` and `crm_pushes`.
 */
export function withoutQueries(message: string): string {
  return message.replace(/\?[^\s"'<>]*/g, '?[…]');
}

/**
 * The body, read chunk by chunk and given up the moment it passes the cap; `budget` when
 * the cap is what is left of the pull's total, so the refusal says which bound it broke.
 */
async function readCapped(response: Response, maxBytes: number, budget: PullBudget | null): Promise<Uint8Array<ArrayBuffer>> {
  const over = (size: number) => {
    if (budget) budget.spendBytes(size);
    return new FeedError(size > maxBytes && Number.isFinite(size) ? `an answer of ${size} bytes, over the limit of ${maxBytes}` : `an answer over the limit of ${maxBytes} bytes`, 'out-of-bounds');
  };
  const announced = Number(response.headers.get('Content-Length') ?? NaN);
  if (announced > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw over(announced);
  }
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
      throw over(Number.POSITIVE_INFINITY);
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
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
  private readonly budget: PullBudget | null;
  constructor(what: string, maxPages: number, budget: PullBudget | null = null) {
    this.what = what;
    this.maxPages = maxPages;
    this.budget = budget;
  }

  /** Takes one page; throws when it breaks a bound. */
  take(items: Record<string, unknown>[], announced: unknown): void {
    this.pages += 1;
    if (this.pages > this.maxPages) throw new FeedError(`${this.what}: more than ${this.maxPages} pages`, 'out-of-bounds');
    const key = items.map((i) => String(i.ID ?? i.id ?? JSON.stringify(i))).join(',');
    if (items.length > 0 && this.seen.has(key)) throw new FeedError(`${this.what}: page ${this.pages} repeats an earlier page (the offset is ignored)`, 'out-of-bounds');
    this.seen.add(key);
    this.read += items.length;
    this.budget?.spendRecords(items.length);
    if (typeof announced === 'number' && this.read > announced) throw new FeedError(`${this.what}: ${this.read} records read, more than the ${announced} announced`, 'out-of-bounds');
  }
}
