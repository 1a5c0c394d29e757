/**
 * How a visitor form is answered: JSON for the page's script, and for a browser without
 * JavaScript a 303 to the thank-you page, a message page, or the form's page again with
 * its errors and the input kept.
 */
import type { Context } from 'hono';
import { isLang, type Lang } from '../../domain/lang.ts';
import type { FormState } from '../../domain/page-data.ts';
import type { AppEnv } from '../env.ts';
import { refererPath, renderAdjusted, renderMessage, wantsJson } from '../pages/message-page.tsx';

/** Forms without a thank-you page (a document request) answer with their message in place. */
export function doneWithMessage(c: Context<AppEnv>, lang: Lang, messageKey: string) {
  if (wantsJson(c)) return c.json({ ok: true, messageKey });
  return renderMessage(c, lang, 'THANK_YOU', messageKey, 200);
}

export function doneAt(c: Context<AppEnv>, thanks: string) {
  if (wantsJson(c)) return c.json({ ok: true, redirect: thanks });
  return c.redirect(thanks, 303);
}

export async function answerWithErrors(c: Context<AppEnv>, state: FormState, lang: Lang, back: string, status: 422 | 429 | 503 = 422) {
  const retryAfter = status === 429 ? '60' : status === 503 ? '30' : null;
  if (wantsJson(c)) return c.json({ ok: false, errors: state.errors }, status, retryAfter ? { 'Retry-After': retryAfter } : {});
  const response = await renderAdjusted(c, lang, back, status, (page) => ({ ...page, formState: state }));
  if (retryAfter) response.headers.set('Retry-After', retryAfter);
  return response;
}

/** Over the form limit. The body is not read yet (limits come first): the page the visitor came from says where to answer. */
export function formTooMany(c: Context<AppEnv>) {
  const from = refererPath(c, '/fr/');
  const prefix = from.split('/')[1];
  const lang: Lang = isLang(prefix) ? prefix : 'fr';
  return answerWithErrors(c, { form: c.req.param('name') ?? '', values: {}, errors: [{ field: '', key: 'TOO_MANY_REQUESTS' }] }, lang, from, 429);
}
