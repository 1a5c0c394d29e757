/**
 * One agency's view of the shared bindings. A guest agency's view of KV and R2 puts
 * `a/<agency>/` before every key it names and strips it from every key it lists, so code
 * written for one agency reads and writes only its own; the home agency's view refuses
 * every key of the platform's or a guest's space. The views judge every key, whatever
 * code asks: no room has to remember to scope.
 */
import { PLATFORM_KEY_SPACE } from './platform-table.ts';

/** Thrown when a view is asked for a key outside its agency: a bug, never a visitor's doing. */
export class OutsideAgencyError extends Error {
  override name = 'OutsideAgencyError';
}

function inside(prefix: string, key: string): string {
  if (prefix === '') {
    if (PLATFORM_KEY_SPACE.test(key)) throw new OutsideAgencyError(`the home agency does not reach ${key}`);
    return key;
  }
  return `${prefix}${key}`;
}

function outside(prefix: string, key: string): string {
  return key.startsWith(prefix) ? key.slice(prefix.length) : key;
}

// One view per binding and prefix for the isolate's life: what is kept per store (the map's
// archive reader, parsed content) keeps its identity whether or not `env` does between requests.
const views = new WeakMap<object, Map<string, unknown>>();

function once<T>(binding: object, prefix: string, make: () => T): T {
  let known = views.get(binding);
  if (!known) views.set(binding, (known = new Map()));
  if (!known.has(prefix)) known.set(prefix, make());
  return known.get(prefix) as T;
}

/** The KV namespace as one agency sees it (prefix '' for the home agency). */
export function agencyKv(kv: KVNamespace, prefix: string): KVNamespace {
  return once(kv, prefix, () => kvView(kv, prefix));
}

function kvView(kv: KVNamespace, prefix: string): KVNamespace {
  const view = {
    // Whose keys these are: the content repository keeps what it parsed apart per scope.
    scope: prefix,
    get: (key: string, options?: unknown) => kv.get(inside(prefix, key), options as 'text'),
    getWithMetadata: (key: string, options?: unknown) => kv.getWithMetadata(inside(prefix, key), options as 'text'),
    put: (key: string, value: string, options?: KVNamespacePutOptions) => kv.put(inside(prefix, key), value, options),
    delete: (key: string) => kv.delete(inside(prefix, key)),
    async list(options: KVNamespaceListOptions = {}) {
      const listed = await kv.list({ ...options, prefix: inside(prefix, options.prefix ?? '') });
      // The home agency's list of everything leaves the platform's and the guests' keys out.
      const keys = listed.keys.filter((key) => prefix !== '' || !PLATFORM_KEY_SPACE.test(key.name)).map((key) => ({ ...key, name: outside(prefix, key.name) }));
      return { ...listed, keys };
    },
  };
  return view as unknown as KVNamespace;
}

/** What a listed R2 object says, with the key as the agency names it. */
function listedObject(object: R2Object, prefix: string): R2Object {
  const { version, size, etag, httpEtag, uploaded, httpMetadata, customMetadata, checksums, storageClass } = object;
  return { key: outside(prefix, object.key), version, size, etag, httpEtag, uploaded, httpMetadata, customMetadata, checksums, storageClass } as R2Object;
}

/** The R2 bucket as one agency sees it (prefix '' for the home agency). */
export function agencyBucket(bucket: R2Bucket, prefix: string): R2Bucket {
  return once(bucket, prefix, () => bucketView(bucket, prefix));
}

function bucketView(bucket: R2Bucket, prefix: string): R2Bucket {
  const view = {
    head: (key: string) => bucket.head(inside(prefix, key)),
    get: (key: string, options?: R2GetOptions) => bucket.get(inside(prefix, key), options),
    put: (key: string, value: Parameters<R2Bucket['put']>[1], options?: R2PutOptions) => bucket.put(inside(prefix, key), value, options),
    delete: (keys: string | string[]) => bucket.delete(Array.isArray(keys) ? keys.map((key) => inside(prefix, key)) : inside(prefix, keys)),
    async list(options: R2ListOptions = {}) {
      // Every key the options name is the agency's own: the prefix, and where to start after.
      const listed = await bucket.list({ ...options, prefix: inside(prefix, options.prefix ?? ''), ...(options.startAfter ? { startAfter: inside(prefix, options.startAfter) } : {}) });
      const objects = listed.objects.filter((object) => prefix !== '' || !PLATFORM_KEY_SPACE.test(object.key)).map((object) => listedObject(object, prefix));
      const delimitedPrefixes = listed.delimitedPrefixes.filter((p) => prefix !== '' || !PLATFORM_KEY_SPACE.test(p)).map((p) => outside(prefix, p));
      return { ...listed, objects, delimitedPrefixes };
    },
  };
  return view as unknown as R2Bucket;
}

/** A rate limit counted per agency: one agency's visitors never use up another's allowance. */
export function agencyLimiter(limiter: RateLimit, agency: string): RateLimit {
  return { limit: ({ key }) => limiter.limit({ key: `${agency}:${key}` }) };
}

/** A message on a shared queue for one agency: the consumer opens that agency's stores. */
export interface AgencyEnvelope {
  agency: string;
  body: unknown;
}

/** True for a body a guest agency sent (the home agency's messages go as they are). */
export function isAgencyEnvelope(body: unknown): body is AgencyEnvelope {
  return typeof body === 'object' && body !== null && Object.keys(body).length === 2 && typeof (body as AgencyEnvelope).agency === 'string' && 'body' in body;
}

/** A queue producer whose every message names the agency that sent it. */
export function agencyQueue<T>(queue: Queue<T>, agency: string): Queue<T> {
  const wrap = (body: T) => ({ agency, body }) satisfies AgencyEnvelope as unknown as T;
  return {
    send: (body: T, options?: QueueSendOptions) => queue.send(wrap(body), options),
    sendBatch: (messages: Iterable<MessageSendRequest<T>>, options?: QueueSendBatchOptions) =>
      queue.sendBatch(
        [...messages].map((message) => ({ ...message, body: wrap(message.body) })),
        options,
      ),
  } as Queue<T>;
}
