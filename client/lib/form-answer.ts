/**
 * A form posted the plain way (its code had not loaded) is answered at /forms/<name> with
 * the page it was sent from, errors shown; the page's address is in the form's `back` field.
 */
import { SITE_PAGE_ADDRESS } from '../../domain/rules/page-address.ts';
const FORM_ANSWER = /^\/forms\/[a-z-]+\/?$/;

/** Whether the browser shows a form answer (the URL a plain form post went to). */
export function isFormAnswer(pathname: string): boolean {
  return FORM_ANSWER.test(pathname);
}

/**
 * The page path the browser should show for a form answer, or null when this is no form
 * answer. Why: the router hydrates the URL in the address bar; at /forms/<name> it would
 * find no page and draw "not found" over the answer the server rendered.
 */
export function formAnswerPath(pathname: string, back: string | null | undefined): string | null {
  if (!isFormAnswer(pathname) || typeof back !== 'string' || !SITE_PAGE_ADDRESS.test(back)) return null;
  return back;
}

/** Pages the worker answers outside the route tree: the links of newsletter and alert mails. */
const STANDALONE = /^\/(?:newsletter\/(?:confirm|unsubscribe)|alerts\/(?:confirm|unsubscribe|manage))\/[0-9a-f]+\/$/;

/**
 * Whether the page in the address bar is one the router has no route for, so it must stay
 * as served (its only form is a plain POST). Why: hydrated, the router would find no page
 * at that URL and draw "not found" over the confirmation the server rendered.
 */
export function isStandalonePage(pathname: string): boolean {
  return STANDALONE.test(pathname);
}
