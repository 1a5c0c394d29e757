import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isLang, type Lang } from '../../domain/lang.ts';
import { formFields, formValues, isFormName, validateForm, type FieldError, type FormName } from '../../domain/forms/schemas.ts';
import type { FormState } from '../../domain/page-data.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../content/repository.ts';
import { alreadyRequested, insertLead } from './leads.ts';
import { verifyCaptcha } from './captcha.ts';
import { confirmAppointment, openSlots, releasePlace, reservePlace } from './appointments.ts';
import { confirmationLang, confirmSubscription, requestSubscription, unsubscribe } from './newsletter.ts';
import { reserveMail } from './mail-quota.ts';
import { checkUpload, storeUpload, type FileType } from './uploads.ts';
import { insertTestimonial } from '../testimonials/store.ts';
import { refererPath, refusal, renderAdjusted, renderMessage, visitorLang, wantsJson } from '../pages/message-page.tsx';

/**
 * POST /forms/:name — every visitor form. Order: same origin, rate limit, body limit,
 * schema, captcha, honeypot, INSERT, enqueue, answer. Without JavaScript the answer is a
 * 303 to the thank-you page or the form page again with its errors and the input kept;
 * with JavaScript it is JSON.
 */
export const forms = new Hono<AppEnv>();

const MAX_BODY = 64 * 1024;
/** What a form without a thank-you page says once accepted. */
const DONE_MESSAGE: Partial<Record<FormName, string>> = {
  'document-request': 'DOCUMENTS_BY_EMAIL',
  'job-application': 'THANKS_CV',
  'purchase-offer': 'THANKS_OFFER',
  'rental-application': 'THANKS_RENTAL_APPLICATION',
  testimonial: 'TESTIMONIAL_SENT',
};
/** Forms that take files: each file up to 5 MB, plus the form around them. */
const UPLOAD_FIELDS = Object.fromEntries(Object.entries(formFields).map(([form, fields]) => [form, fields.filter((f) => f.kind === 'file')]));
function maxBodyOf(form: string): number {
  const files = UPLOAD_FIELDS[form]?.length ?? 0;
  return files === 0 ? MAX_BODY : files * 5 * 1024 * 1024 + 512 * 1024;
}

interface Body {
  values: Record<string, unknown>;
  /** Files of a multipart post, by field name. */
  files: Map<string, File>;
}

async function readBody(c: Context<AppEnv>): Promise<Body | null> {
  const type = c.req.header('Content-Type') ?? '';
  try {
    if (type.startsWith('application/json')) {
      const json: unknown = await c.req.json();
      if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
      const entries = Object.entries(json).flatMap(([k, v]): [string, unknown][] => (Array.isArray(v) ? v.map((x): [string, unknown] => [k, x]) : [[k, v]]));
      return { values: formValues(entries), files: new Map() };
    }
    if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
      const form = await c.req.formData();
      const files = new Map<string, File>();
      for (const [key, value] of form.entries()) if (value instanceof File) files.set(key, value);
      return { values: formValues(form.entries()), files };
    }
  } catch {
    return null;
  }
  return null;
}

forms.post(
  '/forms/:name',
  (c, next) => bodyLimit({ maxSize: maxBodyOf(c.req.param('name')), onError: (e) => refusal(e, 413, 'BODY_TOO_LARGE') })(c, next),
  async (c) => {
    const name = c.req.param('name');
    if (!isFormName(name)) return c.json({ error: 'UNKNOWN_FORM' }, 404);
    const ip = c.req.header('CF-Connecting-IP') ?? 'local';
    const { success } = await c.env.FORM_LIMITER.limit({ key: `${name}:${ip}` });
    if (!success) {
      c.header('Retry-After', '60');
      if (wantsJson(c)) return c.json({ error: 'TOO_MANY_REQUESTS' }, 429);
      // The body is not read yet (limits come first): the page the visitor came from says where to answer.
      const from = refererPath(c, '/fr/');
      const prefix = from.split('/')[1];
      const lang: Lang = isLang(prefix) ? prefix : 'fr';
      return answerWithErrors(c, { form: name, values: {}, errors: [{ field: '', key: 'TOO_MANY_REQUESTS' }] }, lang, from, 429);
    }
    const posted = await readBody(c);
    if (!posted) return refusal(c, 415, 'API_ERROR');
    const body = posted.values;
    const lang: Lang = isLang(body.lang) ? body.lang : 'fr';
    const back = typeof body.back === 'string' && /^\/[a-z]{2}\/[a-z0-9/_-]*$/.test(body.back) ? body.back : `/${lang}/`;

    const result = validateForm(name, body);
    const captcha = result.ok ? await verifyCaptcha(c.env.TURNSTILE_SECRET, body['cf-turnstile-response'], ip) : 'ok';
    const errors: FieldError[] = result.ok ? [] : result.errors;
    const uploads: { field: string; type: FileType; bytes: Uint8Array }[] = [];
    for (const spec of UPLOAD_FIELDS[name] ?? []) {
      const checked = await checkUpload(posted.files.get(spec.name), spec.upload ?? 'document', spec.required === true);
      if (checked.ok === true) uploads.push({ field: spec.name, type: checked.type, bytes: checked.bytes });
      else if (checked.ok === false) errors.push({ field: spec.name, key: checked.key, ...(checked.file ? { file: checked.file } : {}) });
    }
    if (captcha !== 'ok') errors.push({ field: 'captcha', key: captcha === 'missing' ? 'CAPTCHA_EMPTY' : 'CAPTCHA_INVALID' });
    if (!result.ok || errors.length > 0) return answerWithErrors(c, { form: name, values: body, errors }, lang, back);

    const repo = await ContentRepository.open(c.env.CONTENT);
    const routing = await repo.routing();
    const thanks = Object.entries(routing.paths).find(([, t]) => t.kind === 'thanks' && t.ref === name && t.lang === lang)?.[0] ?? null;
    const answer = (messageKey: string | undefined) => (thanks ? done(c, thanks) : doneWithMessage(c, lang, messageKey ?? 'THANKS_CONFIDENCE'));
    // A filled honeypot is a robot: it is answered like anyone, and nothing is stored.
    if (typeof body.website === 'string' && body.website !== '') return answer(DONE_MESSAGE[name]);
    const propertyId = 'propertyId' in result.data && typeof result.data.propertyId === 'number' ? result.data.propertyId : null;
    // D1 failing: nothing is stored and nothing claims success; the form comes back with what was typed.
    const unavailable = (error: unknown) => {
      console.error('form not stored', name, error);
      return answerWithErrors(c, { form: name, values: body, errors: [{ field: '', key: 'API_ERROR' }] }, lang, back, 503);
    };
    const published = propertyId !== null && (await repo.listing(lang)).some((card) => card.id === propertyId);
    // A document request answers the same whatever the property, its documents or an earlier
    // request by this address: the answer tells a stranger nothing. An unknown property, or a
    // second request (the first is kept), stores nothing.
    if (name === 'document-request') {
      try {
        if (!published || (propertyId !== null && 'email' in result.data && (await alreadyRequested(c.env.DB, result.data.email, propertyId)))) return answer(DONE_MESSAGE[name]);
      } catch (error) {
        return unavailable(error);
      }
    }
    // The friend gets the published property, nothing else: no property, no mail.
    if (name === 'send-to-friend' && !published) return answerWithErrors(c, { form: name, values: body, errors: [{ field: '', key: 'PROPERTY_NOT_ONLINE' }] }, lang, back);

    // Mails to an address the visitor typed are counted before anything is stored.
    const recipient = mailRecipient(name, result.data);
    if (recipient) {
      let quota: Awaited<ReturnType<typeof reserveMail>>;
      try {
        quota = await reserveMail(c.env.DB, { recipient: recipient.address, sender: ip });
      } catch (error) {
        return unavailable(error);
      }
      if (quota !== 'ok') return answerWithErrors(c, { form: name, values: body, errors: [{ field: recipient.field, key: 'MAIL_LIMIT_REACHED' }] }, lang, back, 429);
    }

    // A booked visit takes its place first: only a slot offered for this property, still to
    // come; when it is full or not offered, the visitor is told so and nothing is stored.
    const slotId = 'slotId' in result.data && typeof result.data.slotId === 'string' ? result.data.slotId : null;
    let place: Awaited<ReturnType<typeof reservePlace>> | null;
    try {
      place = slotId ? (propertyId === null ? 'invalid' : await reservePlace(c.env.DB, slotId, propertyId)) : null;
    } catch (error) {
      return unavailable(error);
    }
    if (place === 'full') return answerWithErrors(c, { form: name, values: body, errors: [{ field: 'slotId', key: 'APPOINTMENTS_FULL' }] }, lang, back);
    if (place === 'invalid') return answerWithErrors(c, { form: name, values: body, errors: [{ field: 'slotId', key: 'SLOT_INVALID' }] }, lang, back);
    let leadId: string;
    try {
      // Files are stored first, under random keys; the lead keeps only those keys.
      const files: Record<string, string> = {};
      for (const upload of uploads) files[upload.field] = await storeUpload(c.env.FILES, name, upload.field, upload);
      const data = uploads.length > 0 ? { ...result.data, files } : result.data;
      leadId = await insertLead(c.env.DB, { kind: name, lang, data });
      if (slotId) await confirmAppointment(c.env.DB, slotId, leadId);
      if (name === 'sign-newsletter' && 'email' in result.data)
        await requestSubscription(c.env.DB, result.data.email, lang, (await repo.site(lang)).dict.NEWSLETTER_CONSENT_TEXT ?? 'NEWSLETTER_CONSENT_TEXT');
      if (name === 'testimonial' && 'comment' in result.data) {
        const homepage = 'homepage' in result.data && typeof result.data.homepage === 'string' ? result.data.homepage : null;
        await insertTestimonial(c.env.DB, { leadId, lang, name: result.data.name, comment: result.data.comment, homepage, imageKey: files.image ?? null });
      }
    } catch (error) {
      if (slotId) await releasePlace(c.env.DB, slotId).catch((release: unknown) => console.error('slot not released', slotId, release));
      return unavailable(error);
    }
    try {
      await c.env.NOTIFY.send({ leadId });
    } catch (error) {
      // The lead is stored; `npm run leads` shows it even if the notification never leaves.
      console.error('enqueue failed', leadId, error);
    }
    return answer(DONE_MESSAGE[name]);
  },
);

/** The address a form's mail goes to when a visitor typed it (and which field it is), or null. */
function mailRecipient(name: FormName, data: Record<string, unknown>): { address: string; field: string } | null {
  if (name === 'send-to-friend' && typeof data.friendEmail === 'string') return { address: data.friendEmail, field: 'friendEmail' };
  if (name === 'sign-newsletter' && typeof data.email === 'string') return { address: data.email, field: 'email' };
  if (name === 'contact-appointment' && typeof data.slotId === 'string' && typeof data.email === 'string') return { address: data.email, field: 'email' };
  return null;
}

/** Forms without a thank-you page (document request) answer with their message in place. */
function doneWithMessage(c: Context<AppEnv>, lang: Lang, messageKey: string) {
  if (wantsJson(c)) return c.json({ ok: true, messageKey });
  return renderMessage(c, lang, 'THANK_YOU', messageKey, 200);
}

function done(c: Context<AppEnv>, thanks: string) {
  if (wantsJson(c)) return c.json({ ok: true, redirect: thanks });
  return c.redirect(thanks, 303);
}

async function answerWithErrors(c: Context<AppEnv>, state: FormState, lang: Lang, back: string, status: 422 | 429 | 503 = 422) {
  const retryAfter = status === 429 ? '60' : status === 503 ? '30' : null;
  if (wantsJson(c)) return c.json({ ok: false, errors: state.errors }, status, retryAfter ? { 'Retry-After': retryAfter } : {});
  const response = await renderAdjusted(c, lang, back, status, (page) => ({ ...page, formState: state }));
  if (retryAfter) response.headers.set('Retry-After', retryAfter);
  return response;
}

/** Open visit slots of a property, for the booking form. */
forms.get('/api/slots', async (c) => {
  const property = Number(c.req.query('property'));
  if (!Number.isSafeInteger(property) || property <= 0) return c.json({ error: 'bad-property' }, 400);
  c.header('Cache-Control', 'no-store');
  return c.json({ slots: await openSlots(c.env.DB, property) });
});

/** The unsubscribe link of every newsletter mail: one click, a confirmation in the subscriber's language. */
forms.get('/newsletter/unsubscribe/:token/', async (c) => {
  const lang = await unsubscribe(c.env.DB, c.req.param('token'));
  const shown: Lang = isLang(lang) ? lang : 'fr';
  return renderMessage(c, shown, lang ? 'UNSUBSCRIBED_TITLE' : 'LINK_INVALID_TITLE', lang ? 'UNSUBSCRIBED' : 'LINK_INVALID', lang ? 200 : 404);
});

/**
 * The link of a newsletter confirmation mail opens a page with a button; only pressing it
 * (a POST) confirms, so a mail scanner that follows links subscribes nobody.
 */
forms.get('/newsletter/confirm/:token/', async (c) => {
  const token = c.req.param('token');
  const lang = await confirmationLang(c.env.DB, token);
  const shown: Lang = isLang(lang) ? lang : visitorLang(c);
  if (!lang) return renderMessage(c, shown, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404);
  const response = await renderMessage(c, shown, 'NEWSLETTER_CONFIRM_TITLE', 'NEWSLETTER_CONSENT_TEXT', 200, { path: `/newsletter/confirm/${token}/`, labelKey: 'NEWSLETTER_CONFIRM_BUTTON' });
  response.headers.set('Referrer-Policy', 'same-origin');
  return response;
});

forms.post('/newsletter/confirm/:token/', async (c) => {
  const lang = await confirmSubscription(c.env.DB, c.req.param('token'));
  const shown: Lang = isLang(lang) ? lang : visitorLang(c);
  return renderMessage(c, shown, lang ? 'NEWSLETTER_CONFIRM_TITLE' : 'LINK_INVALID_TITLE', lang ? 'NEWSLETTER_CONFIRMED' : 'LINK_INVALID', lang ? 200 : 404);
});
