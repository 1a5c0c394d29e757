import { Hono } from 'hono';
import { formBody, validated } from '../validated.ts';
import * as z from 'zod/mini';
import { isLang, type Lang } from '../../domain/lang.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../live/repository.ts';
import { rateLimit, clientAddress } from '../security/rate-limit.ts';
import { discardLead } from '../leads/store.ts';
import { gateTypedAddress, queueRequest, storeRequest } from './accept.ts';
import { configuredFor } from '../crm/configured.ts';
import { verifyCaptcha } from './captcha.ts';
import { openSlots } from '../visits/store.ts';
import { confirmationLang, confirmSubscription, unsubscribe } from './newsletter.ts';
import { renderMessage, visitorLang } from '../pages/message-page.tsx';
import { answerWithErrors, done, formTooMany, sentPage } from './answers.ts';
import { FORM_NAMES } from '../../domain/forms/names.ts';
import type { FieldError } from '../../domain/forms/schemas.ts';
import { checkUploads, formBodyLimit, knownForm, validSubmission } from './submission.ts';
import { formEntry, refusalPage } from './registry.ts';
import type { Held, StepContext } from './step-context.ts';

/**
 * POST /forms/:name — every visitor form. Order: same origin (the app's), a known form,
 * rate limit, body limit, schema, captcha and files, honeypot, INSERT, enqueue, answer.
 * Without JavaScript the answer is a 303 to the thank-you page or the form page again
 * with its errors and the input kept; a script that asks for JSON gets JSON.
 */
export const forms = new Hono<AppEnv>();

forms.post(
  '/forms/:name',
  knownForm,
  rateLimit({ limiter: (env) => env.FORM_LIMITER, key: (c) => `${c.req.param('name')}:${clientAddress(c)}`, refuse: formTooMany }),
  formBodyLimit,
  formBody,
  validSubmission,
  async (c) => {
    const { name } = c.req.valid('param');
    const { fields, values, envelope } = c.req.valid('form');
    const { lang } = envelope;
    const form = formEntry(name);
    const back = refusalPage(name, envelope.back ?? `/${lang}/`);
    const ip = clientAddress(c);
    const [captcha, checked] = await Promise.all([verifyCaptcha(c.env.TURNSTILE_SECRET, envelope['cf-turnstile-response'], ip), checkUploads(c)]);
    const errors = [...checked.errors, ...(captcha === 'ok' ? [] : [{ field: 'captcha', key: captcha === 'missing' ? 'CAPTCHA_EMPTY' : 'CAPTCHA_INVALID' }])];
    if (errors.length > 0) return answerWithErrors(c, { form: name, values, errors }, lang, back);

    const repo = await ContentRepository.open(c.env.CONTENT);
    const routing = await repo.routing();
    const thanks = Object.entries(routing.paths).find(([, t]) => t.kind === 'thanks' && t.ref === name && t.lang === lang)?.[0] ?? null;
    // A booked visit's thank-you page states it: the secret in its address names the booking.
    const answer = (messageKey: string | undefined, visit: string | null = null, mailHeld = false) =>
      done(c, { form: name, lang, thanks, messageKey: messageKey ?? 'THANKS_CONFIDENCE', visit, mailHeld, told: form.steps.thanksQuery?.(fields) ?? {} });
    // A filled honeypot is a robot: it is answered like anyone, and nothing is stored.
    if (envelope.website !== undefined && envelope.website !== '') return answer(form.done);
    // D1 failing: nothing is stored and nothing claims success; the form comes back with what was typed.
    const unavailable = (error: unknown) => {
      console.error('form not stored', name, error);
      return answerWithErrors(c, { form: name, values, errors: [{ field: '', key: form.notStored ?? 'API_ERROR' }] }, lang, back, 503);
    };
    const refused = (errors: FieldError[], status?: 422 | 429) => answerWithErrors(c, { form: name, values, errors }, lang, back, status);
    const { steps } = form;
    const context: StepContext = { db: c.env.DB, repo, routing, lang, fields };
    // The form's own check (refused, or answered as if accepted with nothing stored), then what it holds (a visit's place).
    let held: Held | null;
    try {
      const verdict = (await steps.check?.(context)) ?? null;
      if (verdict && 'answerOnly' in verdict) return answer(form.done);
      if (verdict) return refused(verdict.refuse);
      const hold = (await steps.hold?.({ ...context, env: c.env })) ?? null;
      if (hold && 'refuse' in hold) return refused(hold.refuse);
      held = hold;
    } catch (error) {
      return unavailable(error);
    }
    // The typed address passes the mail gate after the hold (a full slot costs no mail; a refused
    // mail gives the place back). A request to the agency is never refused for a budget someone
    // else may have spent (an office, a family share a network): only its confirmation is held.
    let gate: Awaited<ReturnType<typeof gateTypedAddress>>;
    try {
      gate = await gateTypedAddress(c.env.DB, form, fields, ip);
    } catch (error) {
      await held?.release();
      return unavailable(error);
    }
    if (gate?.admission.ok === false && form.mailIsTheRequest) {
      await held?.release();
      return refused([{ field: gate.field, key: 'MAIL_LIMIT_REACHED' }], 429);
    }
    // The agency's CRM receives this lead when the form says so and a CRM that takes leads is configured.
    const toCrm = form.crm && configuredFor(c.env, 'leads') !== null;
    let leadId: string;
    let confirmed: { visit: string | null; sentToCrm: boolean } = { visit: null, sentToCrm: false };
    try {
      const stored = await storeRequest(c.env, { form: name, lang, fields, uploads: checked.uploads, mailPass: gate?.admission.ok ? gate.admission.pass : null, toCrm });
      leadId = stored.leadId;
      const confirmation = (await held?.confirm(leadId, toCrm)) ?? confirmed;
      if ('refuse' in confirmation) {
        await discardLead(c.env.DB, leadId);
        return refused(confirmation.refuse);
      }
      confirmed = confirmation;
      await steps.afterStore?.({ ...context, leadId, files: stored.files });
    } catch (error) {
      await held?.release();
      return unavailable(error);
    }
    await queueRequest(c.env.NOTIFY, leadId, toCrm && !confirmed.sentToCrm);
    // A booked visit's page states it (with its cancel and calendar links); any other request says its confirmation did not go.
    return answer(form.done, confirmed.visit, gate?.admission.ok === false && !confirmed.visit);
  },
);

/** Where a form without a thank-you page of its own lands after a post without JavaScript: a page it may reload. */
forms.get(
  '/forms/:name/sent/',
  validated('param', z.object({ name: z.enum(FORM_NAMES) }), (c) => renderMessage(c, visitorLang(c), 'NOT_FOUND_TITLE', 'NOT_FOUND', 404)),
  validated('query', z.object({ lang: z.optional(z.string()), mail: z.optional(z.string()) }), (c) => renderMessage(c, visitorLang(c), 'NOT_FOUND_TITLE', 'NOT_FOUND', 404)),
  async (c) => {
    const { name } = c.req.valid('param');
    const { lang: asked, mail } = c.req.valid('query');
    const response = await sentPage(c, asked && isLang(asked) ? asked : visitorLang(c), formEntry(name).done ?? 'THANKS_CONFIDENCE', mail === 'held');
    response.headers.set('Cache-Control', 'no-store');
    return response;
  },
);

/** Open visit slots of a property, for the booking form. */
forms.get(
  '/api/slots',
  validated('query', z.object({ property: z.coerce.number().check(z.int(), z.positive()) }), (c) => c.json({ error: 'bad-property' }, 400)),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ slots: await openSlots(c.env.DB, c.req.valid('query').property) });
  },
);

/** The tokens of newsletter links are hex; anything else is a broken link, answered as one without a query. */
const newsletterLink = validated('param', z.object({ token: z.string().check(z.regex(/^[0-9a-f]{32,64}$/)) }), (c) => renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));

/** The unsubscribe link of every newsletter mail: one click, a confirmation in the subscriber's language. */
forms.get('/newsletter/unsubscribe/:token/', newsletterLink, async (c) => {
  const lang = await unsubscribe(c.env.DB, c.req.valid('param').token);
  const shown: Lang = isLang(lang) ? lang : visitorLang(c);
  return renderMessage(c, shown, lang ? 'UNSUBSCRIBED_TITLE' : 'LINK_INVALID_TITLE', lang ? 'UNSUBSCRIBED' : 'LINK_INVALID', lang ? 200 : 404);
});

/**
 * The link of a newsletter confirmation mail opens a page with a button; only pressing it
 * (a POST) confirms, so a mail scanner that follows links subscribes nobody.
 */
forms.get('/newsletter/confirm/:token/', newsletterLink, async (c) => {
  const { token } = c.req.valid('param');
  const lang = await confirmationLang(c.env.DB, token);
  const shown: Lang = isLang(lang) ? lang : visitorLang(c);
  if (!lang) return renderMessage(c, shown, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404);
  const response = await renderMessage(c, shown, 'NEWSLETTER_CONFIRM_TITLE', 'NEWSLETTER_CONSENT_TEXT', 200, { path: `/newsletter/confirm/${token}/`, labelKey: 'NEWSLETTER_CONFIRM_BUTTON' });
  response.headers.set('Referrer-Policy', 'same-origin');
  return response;
});

forms.post('/newsletter/confirm/:token/', newsletterLink, async (c) => {
  const lang = await confirmSubscription(c.env.DB, c.req.valid('param').token);
  const shown: Lang = isLang(lang) ? lang : visitorLang(c);
  return renderMessage(c, shown, lang ? 'NEWSLETTER_CONFIRM_TITLE' : 'LINK_INVALID_TITLE', lang ? 'NEWSLETTER_CONFIRMED' : 'LINK_INVALID', lang ? 200 : 404);
});
