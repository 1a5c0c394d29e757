import { Hono } from 'hono';
import { env } from 'cloudflare:workers';
import type { AppEnv } from './env.ts';
import { siteOrigin } from './config/site-origin.ts';
import { securityHeaders } from './security/headers.ts';
import { siteHostOnly } from './security/site-host.ts';
import { sameOriginOnly } from './security/same-origin.ts';
import { crossSiteRefusal } from './pages/message-page.tsx';
import { apiRateLimit } from './security/rate-limit.ts';
import { api } from './api/routes.ts';
import { media } from './media/routes.ts';
import { mapTiles } from './map/tile-routes.ts';
import { mapPoints } from './map/point-routes.ts';
import { forms } from './forms/routes.ts';
import { visits } from './forms/visits.ts';
import { agencyAgenda } from './forms/agency-agenda.ts';
import { handleDeadLetters, handleNotifications } from './outbox/consumer.tsx';
import { outbox } from './outbox/routes.ts';
import { crmWebhook } from './crm/webhook-route.ts';
import { boundedBody } from './security/body-limit.ts';
import { testimonials } from './media/testimonial-photos.ts';
import { seo } from './crawlers/routes.ts';
import { owners } from './owners/routes.ts';
import { countPageViews } from './owners/page-views.ts';
import { pages } from './pages/routes.tsx';
import { alerts } from './alerts/routes.ts';
import { privacy } from './privacy/routes.ts';
import { runSchedule } from './scheduled.ts';
import { errorPage } from './pages/errors.ts';
import { floorPage } from './ssr/floor.tsx';
import { handleWarmPages } from './warm/warm-pages.ts';
import { warmHook } from './warm/warm-route.ts';
import { consumeForAgencies, fanOutSchedule, runScheduledAgencies, servePlatform } from './agency/serve.ts';

// A deployment without its public origin fails here, at start-up (and so at deploy), not
// later with links built from whatever Host a request names.
siteOrigin(env);

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders());
app.use('*', siteHostOnly());
// Every request that changes something comes from the site's own pages.
app.on(
  ['POST', 'PUT', 'PATCH', 'DELETE'],
  '*',
  sameOriginOnly({ refuse: crossSiteRefusal, exempt: (path) => /^\/alerts\/(?:unsubscribe\/[0-9a-f]{32,64}\/|run)$|^\/outbox\/sweep$|^\/pages\/warm$|^\/crm\/webhook$/.test(path) }),
);
// No body is read past its bound; forms check their own (files make theirs larger).
app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', boundedBody({ exempt: (path) => path.startsWith('/forms/') }));
app.use('*', countPageViews());
app.use('/api/*', apiRateLimit);
app.route('/', owners);
app.route('/api', api);
app.route('/media', media);
app.route('/', mapTiles);
app.route('/api', mapPoints);
app.route('/', forms);
app.route('/', visits);
app.route('/', agencyAgenda);
app.route('/', testimonials);
app.route('/', alerts);
app.route('/', privacy);
app.route('/', outbox);
app.route('/', warmHook);
app.route('/', crmWebhook);
app.route('/', seo);
// What React and TanStack Router cost alone, measured beside the pages (docs/performance.md).
app.get('/bench/floor/', floorPage);
app.route('/', pages);
app.notFound((c) => c.text('Not found', 404));
app.onError((error, c) => errorPage(error, c));

/** A queued message, handed over with the bindings of the agency that sent it. */
const consumeQueue = consumeForAgencies(async (batch, env, ctx) => {
  // The dead-letter queue has its own consumer: what the queue gave up on is kept for the sweep.
  // Pages to warm are rendered through the site itself, on the agency's own origin.
  if (batch.queue.endsWith('-warm')) await handleWarmPages(batch, env, app.fetch, ctx, siteOrigin(env));
  else if (batch.queue.endsWith('-dlq')) await handleDeadLetters(batch, env);
  else await handleNotifications(batch, env);
});

export default {
  // Each request runs for the agency its host names (one agency, as before, without a platform table).
  fetch: servePlatform(app.fetch),
  // One agency's scheduled run per message; every other queue's messages carry their agency.
  queue: async (batch, env, ctx) => {
    if (batch.queue.endsWith('-schedule')) await runScheduledAgencies(batch, env, runSchedule);
    else await consumeQueue(batch, env, ctx);
  },
  // The cron only fans out: each agency's run is its own queue invocation.
  scheduled: (controller, env, ctx) => ctx.waitUntil(fanOutSchedule(env, new Date(controller.scheduledTime))),
} satisfies ExportedHandler<Env>;
