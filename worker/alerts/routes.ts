/**
 * The links of alert mails, without an account: confirm (a button, so a mail scanner
 * following links confirms nothing), one-click unsubscribe (RFC 8058: a POST from the mail
 * client, which no same-origin rule can require), and the page that manages every alert
 * of an address. And the hook a sync calls after publishing, so instant alerts go at once.
 */
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env.ts';
import { isLang, type Lang } from '../../domain/lang.ts';
import { ALERT_FREQUENCIES } from '../../domain/forms/schemas.ts';
import type { AlertsView, MessageDetail } from '../../domain/page-data.ts';
import { validated } from '../validated.ts';
import { refusal, renderAdjusted, renderMessage, visitorLang } from '../pages/message-page.tsx';
import { ContentRepository } from '../live/repository.ts';
import { alertByToken, alertsOfConfirmToken, alertsOfManageToken, confirmAlert, criteriaOf, manageAlert, unsubscribeAlert } from './store.ts';
import { describeAlert, translatorFor } from './describe.ts';
import { placeNamesOf } from '../../domain/rules/list-filters.ts';
import { matchAlerts } from './fan-out.ts';
import { operatorHook } from '../security/operator-hook.ts';
import { clientAddress, rateLimit } from '../security/rate-limit.ts';

export const alerts = new Hono<AppEnv>();

const link = validated('param', z.object({ token: z.string().check(z.regex(/^[0-9a-f]{32,64}$/)) }), (c) => renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
const langOf = (c: Context<AppEnv>, lang: string | undefined): Lang => (lang && isLang(lang) ? lang : visitorLang(c));

/**
 * Pages behind a secret link: never sent to another site as a Referer, never kept by a
 * cache. (Not no-referrer: then the browser posts the page's own buttons with Origin: null,
 * which the same-origin rule rightly refuses.)
 */
function privatePage(response: Response): Response {
  response.headers.set('Referrer-Policy', 'same-origin');
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** "Critères enregistrés : À vendre · Namur (toute la commune) · jusqu’à € 400.000": what the visitor confirms, named as the list names it. */
async function criteriaDetail(c: Context<AppEnv>, lang: Lang, saved: Parameters<typeof criteriaOf>[0][]): Promise<MessageDetail> {
  const repo = await ContentRepository.open(c.env.CONTENT);
  const [site, routing, cards] = await Promise.all([repo.site(lang), repo.routing(), repo.listing(lang)]);
  const places = placeNamesOf(cards);
  const criteria = saved.map((a) => describeAlert(criteriaOf(a), site, routing, translatorFor(site), places)).join(' ; ');
  return { key: 'ALERT_CRITERIA', params: { criteria } };
}

alerts.get('/alerts/confirm/:token/', link, async (c) => {
  const saved = await alertsOfConfirmToken(c.env.DB, c.req.valid('param').token);
  const lang = langOf(c, saved[0]?.lang);
  if (saved.length === 0) return privatePage(await renderMessage(c, lang, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
  const action = { path: `/alerts/confirm/${c.req.valid('param').token}/`, labelKey: 'ALERT_CONFIRM_BUTTON' };
  return privatePage(await renderMessage(c, lang, 'ALERT_CONFIRM_TITLE', 'ALERT_CONSENT_TEXT', 200, action, await criteriaDetail(c, lang, saved)));
});

alerts.post('/alerts/confirm/:token/', link, async (c) => {
  const confirmed = await confirmAlert(c.env.DB, c.req.valid('param').token);
  const lang = langOf(c, confirmed[0]?.lang);
  if (confirmed.length === 0) return privatePage(await renderMessage(c, lang, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
  return privatePage(await renderMessage(c, lang, 'ALERT_ACTIVE_TITLE', 'ALERT_ACTIVE', 200, undefined, await criteriaDetail(c, lang, confirmed)));
});

alerts.get('/alerts/unsubscribe/:token/', link, async (c) => {
  const alert = await alertByToken(c.env.DB, c.req.valid('param').token);
  const lang = langOf(c, alert?.lang);
  if (!alert) return privatePage(await renderMessage(c, lang, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
  if (alert.status === 'unsubscribed') return privatePage(await renderMessage(c, lang, 'ALERT_ENDED_TITLE', 'ALERT_ENDED', 200));
  return privatePage(
    await renderMessage(c, lang, 'ALERT_UNSUBSCRIBE_TITLE', 'ALERT_UNSUBSCRIBE_TEXT', 200, { path: `/alerts/unsubscribe/${c.req.valid('param').token}/`, labelKey: 'ALERT_UNSUBSCRIBE' }),
  );
});

/** One click: the mail client's POST (List-Unsubscribe=One-Click) or the page's button. */
alerts.post('/alerts/unsubscribe/:token/', link, async (c) => {
  const alert = await unsubscribeAlert(c.env.DB, c.req.valid('param').token);
  if (!alert) return privatePage(await renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
  return privatePage(await renderMessage(c, langOf(c, alert.lang), 'ALERT_ENDED_TITLE', 'ALERT_ENDED', 200));
});

async function managePage(c: Context<AppEnv>, token: string, notice?: AlertsView['notice']): Promise<Response> {
  const found = await alertsOfManageToken(c.env.DB, token);
  if (!found) return privatePage(await renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
  const lang = langOf(c, found.alerts[0]?.lang);
  const repo = await ContentRepository.open(c.env.CONTENT);
  const [site, routing, cards] = await Promise.all([repo.site(lang), repo.routing(), repo.listing(lang)]);
  const t = translatorFor(site);
  const places = placeNamesOf(cards);
  const manage: AlertsView = {
    path: `/alerts/manage/${token}/`,
    email: found.email,
    alerts: found.alerts.map((a) => ({ id: a.id, description: describeAlert(criteriaOf(a), site, routing, t, places), frequency: a.frequency, listUrl: a.list_url, pending: a.status === 'pending' })),
    ...(notice ? { notice } : {}),
  };
  return privatePage(
    await renderAdjusted(c, lang, `/${lang}/`, 200, (home) => ({ kind: 'alerts', manage, head: { ...home.head, noindex: true }, twins: {}, breadcrumb: [], status: 200, preview: false })),
  );
}

alerts.get('/alerts/manage/:token/', link, (c) => managePage(c, c.req.valid('param').token));

const change = z.object({
  alert: z.union([z.literal('all'), z.coerce.number().check(z.int(), z.positive())]),
  action: z.enum(['frequency', 'delete']),
  frequency: z.optional(z.enum(ALERT_FREQUENCIES)),
});

alerts.post(
  '/alerts/manage/:token/',
  // Counted before the body is read or a token looked up: guessing tokens costs the guesser, not D1.
  rateLimit({ limiter: (env) => env.FORM_LIMITER, key: (c) => `alerts-manage:${clientAddress(c)}`, refuse: (c) => refusal(c, 429, 'TOO_MANY_REQUESTS') }),
  link,
  validated('form', change, (c) => managePage(c, c.req.param('token') ?? '')),
  async (c) => {
    const { token } = c.req.valid('param');
    const found = await alertsOfManageToken(c.env.DB, token);
    if (!found) return privatePage(await renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));
    const { alert, action, frequency } = c.req.valid('form');
    const end = action === 'delete';
    await manageAlert(c.env.DB, found.email, { alertId: alert, end, ...(frequency ? { frequency } : {}) });
    return managePage(c, token, end ? (alert === 'all' ? 'ALERTS_DELETED' : 'ALERT_DELETED') : 'ALERT_UPDATED');
  },
);

/**
 * After a publish or a sync (`npm run crm:sync` calls it with PUBLISH_HOOK_TOKEN): the live
 * version's news matched against the alerts now, instant ones queued. Without the secret
 * configured the hook is off, and the scheduled run does the same within 15 minutes.
 */
alerts.post('/alerts/run', operatorHook(), async (c) => {
  const run = await matchAlerts(c.env);
  return c.json(run ?? { version: null, fresh: false, alerts: 0, matches: 0, queued: 0 });
});
