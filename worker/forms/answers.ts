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

/** Where a form sent without JavaScript lands when its site has no thank-you page of its own. */
export function sentPath(form: string, lang: Lang, held: boolean): string {
  return `/forms/${form}/sent/?lang=${lang}${held ? '&mail=held' : ''}`;
}

/**
 * A form accepted. The page's script is answered in JSON: the thank-you page to go to, or
 * the message to show in place (a form without its own page, a confirmation the mail budget
 * held back). A browser without JavaScript always gets a 303 to a page it may reload (post,
 * redirect, get): the form's thank-you page, with `?mail=held` when the confirmation did not
 * go, or the generic one.
 */
export function done(c: Context<AppEnv>, answer: { form: string; lang: Lang; thanks: string | null; messageKey: string; visit: string | null; mailHeld: boolean; told?: Record<string, string> }) {
  const query = new URLSearchParams(answer.told);
  if (answer.visit) query.set('visit', answer.visit);
  if (answer.mailHeld) query.set('mail', 'held');
  const qs = query.toString();
  if (wantsJson(c)) {
    if (answer.thanks && !answer.mailHeld) return c.json({ ok: true, redirect: qs ? `${answer.thanks}?${qs}` : answer.thanks });
    return c.json({ ok: true, messageKey: answer.mailHeld ? 'THANKS_MAIL_HELD' : answer.messageKey });
  }
  return c.redirect(answer.thanks ? (qs ? `${answer.thanks}?${qs}` : answer.thanks) : sentPath(answer.form, answer.lang, answer.mailHeld), 303);
}

/** The generic thank-you page of a form without its own: its message, or that the confirmation was held back. */
export function sentPage(c: Context<AppEnv>, lang: Lang, messageKey: string, mailHeld: boolean) {
  return renderMessage(c, lang, 'THANK_YOU', mailHeld ? 'THANKS_MAIL_HELD' : messageKey, 200);
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
