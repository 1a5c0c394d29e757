/**
 * The deployment's entry for many agencies: each request, queue message and scheduled run is
 * handed to the site with the bindings of the one agency it belongs to, decided from the
 * request's host (or the message's envelope) and the platform table, never from anything
 * else the request says.
 */
import { siteAliases, siteOrigin } from '../config/site-origin.ts';
import type { Bindings } from '../env.ts';
import { findAgency, guestOrigin, isHomeHost } from './find-agency.ts';
import { guestEnv, homeEnv } from './agency-env.ts';
import { platformTable } from './platform-table-read.ts';
import { isAgencyEnvelope } from './scoped-stores.ts';
import type { AgencyRow, PlatformTable } from './platform-table.ts';
import { ScheduleMessage } from '../queues/messages.ts';

type Fetch = (request: Request, env: Bindings, ctx: ExecutionContext) => Response | Promise<Response>;

const homes = new WeakMap<object, Bindings>();
const guests = new WeakMap<object, Map<string, { row: string; env: Promise<Bindings | null> }>>();

/** The home agency's bindings, made once per isolate so its views keep their identity. */
export function homeBindings(env: Bindings): Bindings {
  let home = homes.get(env);
  if (!home) homes.set(env, (home = homeEnv(env)));
  return home;
}

/** A guest agency's bindings, made once per isolate and again when its row changes. */
export function guestBindings(env: Bindings, agency: AgencyRow): Promise<Bindings | null> {
  let known = guests.get(env);
  if (!known) guests.set(env, (known = new Map()));
  const row = JSON.stringify(agency);
  const kept = known.get(agency.id);
  if (kept?.row === row) return kept.env;
  const origin = guestOrigin(siteOrigin(env), agency.hostname);
  const aliases = agency.aliases.map((alias) => new URL(guestOrigin(siteOrigin(env), alias)).host);
  const made = guestEnv(env, agency, origin, aliases);
  known.set(agency.id, { row, env: made });
  return made;
}

/** The platform's own answer when the table cannot be read: nothing of any agency, try again shortly. */
const unavailable = () =>
  new Response('Temporarily unavailable', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30', 'X-Content-Type-Options': 'nosniff' },
  });

const notServedHere = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });

/** The fetch handler: the site, run for the agency the host names; a host no agency has gets a plain 404. */
export function servePlatform(site: Fetch): Fetch {
  return async (request, env, ctx) => {
    const url = new URL(request.url);
    // The deployment's own agency needs no table: its requests never wait on it or fail with it.
    if (isHomeHost(siteOrigin(env), siteAliases(env), url)) return site(request, homeBindings(env), ctx);
    let table: PlatformTable | null;
    try {
      table = await platformTable(env.CONTENT);
    } catch (error) {
      console.error('platform table not read', error);
      return unavailable();
    }
    const match = findAgency(table, siteOrigin(env), siteAliases(env), url);
    switch (match.kind) {
      case 'home':
        return site(request, homeBindings(env), ctx);
      case 'alias':
        return request.method === 'GET' || request.method === 'HEAD' ? Response.redirect(match.location, 308) : notServedHere();
      case 'unknown':
        return notServedHere();
      case 'guest': {
        const scoped = await guestBindings(env, match.agency);
        if (!scoped) {
          console.error(`agency ${match.agency.id}: its database ${match.agency.db} is not declared in this deployment`);
          return notServedHere();
        }
        return site(request, scoped, ctx);
      }
    }
  };
}

/** The agency a queued message belongs to, and its body as the site's consumers read it. */
function unwrap(message: Message): { agency: string | null; message: Message } {
  if (!isAgencyEnvelope(message.body)) return { agency: null, message };
  const body = message.body.body;
  const inner: Message = {
    id: message.id,
    timestamp: message.timestamp,
    attempts: message.attempts,
    body,
    ack: () => message.ack(),
    retry: (options) => message.retry(options),
  };
  return { agency: message.body.agency, message: inner };
}

/**
 * The queue handler: a batch may hold several agencies' messages; each agency's are handed
 * to the consumer with that agency's bindings. A message of an agency no longer on the
 * platform is dropped: its stores are gone with it.
 */
export function consumeForAgencies(consume: (batch: MessageBatch, env: Bindings, ctx: ExecutionContext) => Promise<unknown>) {
  return async (batch: MessageBatch, env: Bindings, ctx: ExecutionContext): Promise<void> => {
    const byAgency = new Map<string | null, Message[]>();
    for (const message of batch.messages) {
      const { agency, message: inner } = unwrap(message);
      byAgency.set(agency, [...(byAgency.get(agency) ?? []), inner]);
    }
    const table = byAgency.size > 1 || !byAgency.has(null) ? await platformTable(env.CONTENT) : null;
    for (const [agency, messages] of byAgency) {
      const row = agency === null ? null : table?.agencies.find((a) => a.id === agency);
      const scoped = agency === null ? homeBindings(env) : row ? await guestBindings(env, row) : null;
      if (!scoped) {
        console.error(`queue ${batch.queue}: ${messages.length} message(s) of agency ${agency}, which this platform no longer serves, dropped`);
        for (const message of messages) message.ack();
        continue;
      }
      const part: MessageBatch = {
        queue: batch.queue,
        metadata: batch.metadata,
        messages,
        ackAll: () => messages.forEach((m) => m.ack()),
        retryAll: (options) => messages.forEach((m) => m.retry(options)),
      };
      await consume(part, scoped, ctx);
    }
  };
}

/** One agency's scheduled run as the platform records it (KV `schedule/last-run`, in the agency's own keys). */
export interface AgencyRun {
  agency: string;
  at: string;
  ok: boolean;
  ms: number;
  error?: string;
}

export const LAST_RUN_KEY = 'schedule/last-run';

/**
 * The cron's part: one message per agency (the home agency first) on the SCHEDULE queue, so
 * each agency's run is its own queue invocation with its own limits, however many there are.
 */
export async function fanOutSchedule(env: Bindings, at: Date): Promise<number> {
  const table = await platformTable(env.CONTENT);
  const agencies: (string | null)[] = [null, ...(table?.agencies.map((agency) => agency.id) ?? [])];
  const messages = agencies.map((agency) => ({ body: { agency, at: at.toISOString() } satisfies ScheduleMessage }));
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < messages.length; i += 100) await env.SCHEDULE.sendBatch(messages.slice(i, i + 100));
  return messages.length;
}

/**
 * The SCHEDULE queue's consumer: each message is one agency's scheduled run with that
 * agency's bindings. A failure is logged and recorded; the next cron runs it again.
 */
export async function runScheduledAgencies(batch: MessageBatch, env: Bindings, run: (env: Bindings, at: Date) => Promise<unknown>): Promise<AgencyRun[]> {
  const runs: AgencyRun[] = [];
  for (const message of batch.messages) {
    const read = ScheduleMessage.safeParse(message.body);
    if (!read.success) {
      message.ack();
      continue;
    }
    const { agency, at } = read.data;
    const row = agency === null ? null : (await platformTable(env.CONTENT))?.agencies.find((a) => a.id === agency);
    const scoped = agency === null ? homeBindings(env) : row ? await guestBindings(env, row) : null;
    const started = Date.now();
    let outcome: AgencyRun;
    try {
      if (!scoped) throw new Error('this platform no longer serves it, or its database is not declared');
      await run(scoped, new Date(at));
      outcome = { agency: agency ?? 'home', at, ok: true, ms: Date.now() - started };
    } catch (error) {
      outcome = { agency: agency ?? 'home', at, ok: false, ms: Date.now() - started, error: String(error) };
      console.error(`scheduled run of agency ${agency ?? 'home'} failed`, error);
    }
    console.log(JSON.stringify({ scheduled: outcome }));
    if (scoped) await scoped.CONTENT.put(LAST_RUN_KEY, JSON.stringify(outcome)).catch(() => undefined);
    runs.push(outcome);
    message.ack();
  }
  return runs;
}
