/**
 * The load run: many connections on a list and a detail page with form
 * posts in between, on loopback. Reports errors, unexpected statuses, p99 and lost
 * submissions (posts answered as accepted against the rows found in D1 afterwards).
 */
import autocannon from 'autocannon';

export interface LoadRunOptions {
  url: string;
  listPath: string;
  detailPath: string;
  connections: number;
  seconds: number;
  /** One post in this many requests. */
  postEvery: number;
  /** Rows stored for the posts of this run (they carry `load-` e-mail addresses). */
  storedRows: () => Promise<number>;
}

export interface LoadRunResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** Responses other than 200 for pages and 303 for posts. */
  unexpected: number;
  postsSent: number;
  postsAccepted: number;
  rowsStored: number;
  lostSubmissions: number;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36 Vitrine-load';

/** Runs the load and counts what the database kept; never asserts, the caller reports. */
export async function runLoad(options: LoadRunOptions): Promise<LoadRunResult> {
  const origin = new URL(options.url).origin;
  let serial = 0;
  let postsSent = 0;
  let postsAccepted = 0;
  let unexpected = 0;
  const page = (path: string): autocannon.Request => ({
    method: 'GET',
    path,
    onResponse: (status: number) => {
      if (status !== 200) unexpected++;
    },
  });
  const post: autocannon.Request = {
    method: 'POST',
    path: '/forms/site-contact',
    setupRequest: (request) => {
      const n = ++serial;
      postsSent++;
      const body = new URLSearchParams({
        lang: 'fr',
        back: '/fr/contact/',
        title: 'ms',
        firstName: 'Charge',
        lastName: `Test ${n}`,
        email: `load-${n}@example.be`,
        phone: '0475 12 34 56',
        message: 'Load run',
      }).toString();
      // Each post from its own address, as visitors are: the limiter is tested elsewhere.
      return {
        ...request,
        body,
        headers: {
          ...request.headers,
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          'sec-fetch-site': 'same-origin',
          'cf-connecting-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      };
    },
    onResponse: (status: number) => {
      if (status === 303) postsAccepted++;
      else unexpected++;
    },
  };
  // The post comes second in each connection's cycle, so even a short run posts from every connection.
  const cycle: autocannon.Request[] = [page(options.listPath), post];
  for (let i = 0; i < options.postEvery - 2; i++) cycle.push(page(i % 2 === 0 ? options.detailPath : options.listPath));

  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    headers: { 'accept-encoding': 'identity', 'user-agent': BROWSER },
    requests: cycle,
  });
  const rowsStored = await options.storedRows();
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    unexpected,
    postsSent,
    postsAccepted,
    rowsStored,
    lostSubmissions: Math.max(0, postsAccepted - rowsStored),
  };
}
