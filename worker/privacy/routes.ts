/**
 * A visitor's rights over what the site holds about their address, without an account:
 * `/privacy/` asks for the address and mails it a single-use link (the answer is the same
 * whether the address is known or not); the link opens, on a button press so a mail scanner
 * opens nothing, the data held (art. 15), its JSON download (art. 20), one button that ends
 * every alert and subscription (art. 7.3), and "erase everything" (art. 17). Every step is
 * audited without a copy of the data.
 */
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv, Bindings } from '../env.ts';
import { isLang, LANGS, type Lang } from '../../domain/lang.ts';
import { RIGHTS_PATHS } from '../../domain/privacy/rights-path.ts';
import type { PageData, PrivacyHeld, PrivacyView } from '../../domain/page-data.ts';
import { validated } from '../validated.ts';
import { refusal, renderAdjusted, visitorLang } from '../pages/message-page.tsx';
import { clientAddress, rateLimit } from '../security/rate-limit.ts';
import { admitWhen } from '../mail/gate.ts';
import { ContentRepository } from '../live/repository.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { audit, endSubscriptions, eraseSubject, findSubject, type SubjectData } from './subject-data.ts';
import { PRIVACY_PATH } from './mails.tsx';
import { holderOf, issue, linkIsLive, SESSION_MINUTES } from './links.ts';
import type { PrivacyErasedMessage, PrivacyLinkMessage } from '../queues/messages.ts';
import { translatorFor } from '../alerts/describe.ts';
import { configuredFor } from '../crm/configured.ts';
import { boundedFetcher, PULL_LIMITS, type PullLimits } from '../../content/crm-bounds.ts';
import { later } from '../owners/page-views.ts';

export { LINK_HOURS } from './links.ts';

export const privacy = new Hono<AppEnv>();

const PATH = PRIVACY_PATH;

function heldView(data: SubjectData): PrivacyHeld {
  return {
    email: data.email,
    requests: data.requests.map((r) => ({ form: r.form, receivedAt: r.receivedAt, fields: r.fields, files: r.files.length, sentToCrm: r.sentToCrm })),
    bookings: data.bookings.map((b) => ({ startsAt: b.startsAt, status: b.status })),
    alerts: data.alerts.map((a) => ({ list: a.list, status: a.status, since: a.since })),
    newsletter: data.newsletter ? { status: data.newsletter.ended ? 'ended' : data.newsletter.status, since: data.newsletter.since } : null,
    mails: data.mails.map((m) => ({ subject: m.subject, sentAt: m.sentAt })),
    testimonials: data.testimonials.map((t) => ({ status: t.status, createdAt: t.createdAt })),
  };
}

function holdsAnything(data: SubjectData): boolean {
  return data.requests.length + data.bookings.length + data.alerts.length + data.mails.length + data.testimonials.length > 0 || data.newsletter !== null;
}

/** A CRM silent for this long leaves its erasure to the agency, told by mail. */
const CRM_ERASE_LIMITS: PullLimits = { ...PULL_LIMITS, callMs: 8_000, runMs: 10_000 };

/** Erases the visitor's contacts in the CRM when its adapter can; false when it cannot or failed (the agency then does it). */
async function eraseInCrm(env: Bindings, refs: readonly string[]): Promise<boolean> {
  if (refs.length === 0) return true;
  const crm = configuredFor(env, 'eraseContacts');
  if (!crm) return false;
  try {
    await crm.does(refs, crm.settings, boundedFetcher(fetch, CRM_ERASE_LIMITS));
    return true;
  } catch (error) {
    console.error('CRM erasure failed; the agency is told', error);
    return false;
  }
}

/** The page of one step: private (never kept, never sent as a Referer elsewhere), unindexed. */
async function page(c: Context<AppEnv>, lang: Lang, view: Omit<PrivacyView, 'path'>, status = 200): Promise<Response> {
  const privacyView: PrivacyView = { path: PATH, ...view };
  const site = await (await ContentRepository.open(c.env.CONTENT)).site(lang);
  const title = `${translatorFor(site)('PRIVACY_RIGHTS_TITLE')} – ${site.agency.name}`;
  // Drawn at its own address, so the browser's router hydrates this page instead of asking for another.
  const url = new URL(c.req.url);
  const response = await renderAdjusted(c, lang, `${url.pathname}${url.search}`, status, (home): PageData => ({
    kind: 'privacy',
    privacy: privacyView,
    head: { ...home.head, title, description: title, canonical: `${siteOrigin(c.env)}${RIGHTS_PATHS[lang]}`, alternates: {}, xDefault: null, noindex: true },
    twins: {},
    breadcrumb: [],
    status: status === 404 ? 404 : 200,
    preview: false,
  }));
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('Referrer-Policy', 'same-origin');
  return response;
}

const langOf = (c: Context<AppEnv>, asked: string | undefined): Lang => (asked && isLang(asked) ? asked : visitorLang(c));
const limited = rateLimit({ limiter: (env) => env.FORM_LIMITER, key: (c) => `privacy:${clientAddress(c)}`, refuse: (c) => refusal(c, 429, 'TOO_MANY_REQUESTS') });
const token = validated('param', z.object({ token: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }), (c) => page(c, visitorLang(c), { step: 'expired' }, 404));

/** The language-neutral address (old mails and links, `?lang=`) goes to the page in the visitor's language. */
privacy.get(
  PATH,
  validated('query', z.object({ lang: z.optional(z.string()) }), (c) => c.redirect(RIGHTS_PATHS[visitorLang(c)], 301)),
  (c) => c.redirect(RIGHTS_PATHS[langOf(c, c.req.valid('query').lang)], 301),
);

// The page in each language, at its own address.
for (const lang of LANGS) privacy.get(RIGHTS_PATHS[lang], (c) => page(c, lang, { step: 'ask' }));

/**
 * The answer is the same page, at once, for every address: the look-up, the budget, the link
 * and its mail all happen after the answer has left. Every address spends the same `rights`
 * budget, known or not, so neither the time taken nor a link that stops arriving tells a
 * stranger whether an address is a client's.
 */
privacy.post(
  PATH,
  limited,
  validated('form', z.object({ lang: z.optional(z.string()), email: z.string().check(z.trim(), z.maxLength(200), z.email()) }), (c) =>
    page(c, visitorLang(c), { step: 'ask', notice: 'EMAIL_INVALID' }, 422),
  ),
  async (c) => {
    const { email, lang: asked } = c.req.valid('form');
    const lang = langOf(c, asked);
    later(c, sendLinkIfHeld(c.env, { email, lang, sender: clientAddress(c) }, new Date()), 'privacy link not queued');
    return page(c, lang, { step: 'asked' });
  },
);

/** Only an address the site holds data about gets a link; every address spends the budget. */
async function sendLinkIfHeld(env: Bindings, asked: { email: string; lang: Lang; sender: string }, now: Date): Promise<void> {
  const held = holdsAnything(await findSubject(env, asked.email));
  const admission = await admitWhen(env.DB, { to: asked.email, budget: 'rights', sender: asked.sender }, held, now);
  if (admission.ok) {
    const message: PrivacyLinkMessage = { privacyLink: { pass: admission.pass, lang: asked.lang } };
    await env.NOTIFY.send(message);
  }
  if (held) await audit(env.DB, { actor: 'visitor', request: 'link', email: asked.email, outcome: admission.ok ? 'link queued' : 'mail budget spent: no link' }, now);
}

privacy.get(`${PATH}open/:token/`, token, async (c) => {
  const live = await linkIsLive(c.env.DB, c.req.valid('param').token, new Date());
  return page(c, visitorLang(c), live ? { step: 'open', token: c.req.valid('param').token } : { step: 'expired' }, live ? 200 : 404);
});

privacy.post(`${PATH}open/:token/`, limited, token, async (c) => {
  const now = new Date();
  const holder = await holderOf(c.env.DB, 'link', c.req.valid('param').token, now);
  if (!holder) return page(c, visitorLang(c), { step: 'expired' }, 404);
  const session = await issue(c.env.DB, 'session', holder.email, holder.lang, SESSION_MINUTES, now);
  await audit(c.env.DB, { actor: 'visitor', request: 'access', email: holder.email, outcome: 'shown' }, now);
  return page(c, holder.lang, { step: 'held', token: session, held: heldView(await findSubject(c.env, holder.email)) });
});

/** `erase` asks to confirm; only `erase-confirmed` erases; `show` goes back to what is held. */
const action = z.object({ token: z.string().check(z.regex(/^[0-9a-f]{64}$/)), action: z.enum(['show', 'export', 'erase', 'erase-confirmed', 'end-subscriptions']) });

privacy.post(
  `${PATH}held/`,
  limited,
  validated('form', action, (c) => page(c, visitorLang(c), { step: 'expired' }, 404)),
  async (c) => {
    const now = new Date();
    const { token: session, action: asked } = c.req.valid('form');
    const holder = await holderOf(c.env.DB, 'session', session, now);
    if (!holder) return page(c, visitorLang(c), { step: 'expired' }, 404);
    const { email, lang } = holder;
    if (asked === 'export') {
      const data = await findSubject(c.env, email);
      await audit(c.env.DB, { actor: 'visitor', request: 'export', email, outcome: `${data.requests.length} requests` }, now);
      return c.body(JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="my-data.json"',
        'Cache-Control': 'no-store',
      });
    }
    if (asked === 'end-subscriptions') {
      const ended = await endSubscriptions(c.env, email, now);
      await audit(c.env.DB, { actor: 'visitor', request: 'end-subscriptions', email, outcome: `${ended} ended` }, now);
      return page(c, lang, { step: 'held', token: session, notice: 'PRIVACY_SUBSCRIPTIONS_ENDED', held: heldView(await findSubject(c.env, email)) });
    }
    if (asked === 'show') return page(c, lang, { step: 'held', token: session, held: heldView(await findSubject(c.env, email)) });
    // One tap erases nothing: the visitor sees what will go and confirms with a second button.
    if (asked === 'erase') return page(c, lang, { step: 'confirm-erase', token: session, held: heldView(await findSubject(c.env, email)) });
    const erased = await eraseSubject(c.env, email, now);
    const { crmRefs: sentToCrm, ...counts } = erased;
    // The CRM keeps its own copy of the requests it received: erased there when it can erase,
    // otherwise (or when it does not answer) the agency is told which records to erase by hand.
    const erasedInCrm = await eraseInCrm(c.env, sentToCrm);
    const crmRefs = erasedInCrm ? [] : sentToCrm;
    if (crmRefs.length > 0) {
      // Queued, not sent here: a mail outage delays the agency's note, never loses the references.
      const message: PrivacyErasedMessage = { privacyErased: { crmRefs: crmRefs.slice(0, 500), at: now.toISOString() } };
      await c.env.NOTIFY.send(message).catch((error: unknown) => console.error('CRM erasure notice not queued', error));
    }
    await audit(c.env.DB, { actor: 'visitor', request: 'erase', email, outcome: JSON.stringify({ ...counts, crmErased: erasedInCrm ? sentToCrm.length : 0, crmToAgency: crmRefs.length }) }, now);
    return page(c, lang, { step: 'erased', erased: counts, crmToldToAgency: crmRefs.length > 0 });
  },
);

/** When the accessibility statement was last reviewed (its checks are the test suite's, run on every change). */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-27';

privacy.get(
  '/accessibility/',
  validated('query', z.object({ lang: z.optional(z.string()) }), (c) => c.redirect('/accessibility/', 302)),
  async (c) => {
    const lang = langOf(c, c.req.valid('query').lang);
    const url = new URL(c.req.url);
    const site = await (await ContentRepository.open(c.env.CONTENT)).site(lang);
    const title = `${translatorFor(site)('A11Y_TITLE')} – ${site.agency.name}`;
    const canonical = `${siteOrigin(c.env)}/accessibility/?lang=${lang}`;
    return renderAdjusted(c, lang, `${url.pathname}${url.search}`, 200, (home): PageData => ({
      kind: 'accessibility',
      statementDate: ACCESSIBILITY_STATEMENT_DATE,
      head: { ...home.head, title, description: title, canonical, alternates: {}, xDefault: null },
      twins: {},
      breadcrumb: [],
      status: 200,
      preview: false,
    }));
  },
);
