/**
 * A booked visit, by the secret its mail and thank-you page carry: its calendar file, and
 * its cancellation (a page with a button; only the POST cancels, so a mail scanner that
 * follows links cancels nothing). A cancelled visit's place goes back to the slot.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { isLang, type Lang } from '../../domain/lang.ts';
import { VISIT_TOKEN } from '../../domain/search.ts';
import { calendarFile } from '../../domain/rules/ics.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import { formatPhone } from '../../domain/rules/phone.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../live/repository.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { renderMessage, visitorLang } from '../pages/message-page.tsx';
import { validated } from '../validated.ts';
import { cancelVisit, visitByToken } from '../visits/store.ts';
import { visitPaths } from '../pages/visit-view.ts';

export const visits = new Hono<AppEnv>();

/** How long a visit is in a calendar: the agency books half an hour per visitor. */
const VISIT_MINUTES = 30;

const visitLink = validated('param', z.object({ token: z.string().check(z.regex(VISIT_TOKEN)) }), (c) => renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404));

visits.get('/visits/:token/visit.ics', visitLink, async (c) => {
  const { token } = c.req.valid('param');
  const visit = await visitByToken(c.env.DB, token);
  if (!visit || visit.cancelled) return renderMessage(c, visitorLang(c), 'LINK_INVALID_TITLE', 'LINK_INVALID', 404);
  const lang: Lang = isLang(visit.lang) ? visit.lang : 'fr';
  const repo = await ContentRepository.open(c.env.CONTENT);
  const [site, property] = await Promise.all([repo.site(lang), repo.property<PropertyPageView>(lang, visit.propertyId).catch(() => null)]);
  const { t } = createTranslator(lang, site.dict);
  const card = property?.card;
  const title = card ? card.typeDescription || card.mainTypeName : '';
  const origin = siteOrigin(c.env);
  const ics = calendarFile({
    uid: `${token.slice(0, 32)}@${new URL(origin).host}`,
    start: new Date(visit.startsAt),
    minutes: VISIT_MINUTES,
    summary: t('CALENDAR_VISIT_SUMMARY', { title, city: card?.city ?? '' }),
    location: property?.address ?? (card ? `${card.zip} ${card.city}` : ''),
    description: [
      card ? `${t('REFERENCE')} ${card.reference}` : '',
      `${site.agency.name} – ${formatPhone(site.agency.phone)}`,
      t('TEXT_LINK', { label: t('VISIT_CANCEL_LINK'), url: `${origin}${visitPaths(token).cancelPath}` }),
    ]
      .filter(Boolean)
      .join('\n'),
    url: `${origin}${card?.path ?? '/'}`,
    stamp: new Date(),
  });
  return c.body(ics, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="visit.ics"', 'Cache-Control': 'private, no-store' });
});

visits.get('/visits/:token/cancel/', visitLink, async (c) => {
  const { token } = c.req.valid('param');
  const visit = await visitByToken(c.env.DB, token);
  const lang: Lang = visit && isLang(visit.lang) ? visit.lang : visitorLang(c);
  if (!visit) return renderMessage(c, lang, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404);
  if (visit.cancelled) return renderMessage(c, lang, 'VISIT_CANCEL_TITLE', 'VISIT_ALREADY_CANCELLED', 200);
  if (new Date(visit.startsAt) <= new Date()) return renderMessage(c, lang, 'VISIT_CANCEL_TITLE', 'VISIT_PAST', 200);
  const response = await renderMessage(c, lang, 'VISIT_CANCEL_TITLE', 'VISIT_CANCEL_TEXT', 200, { path: visitPaths(token).cancelPath, labelKey: 'VISIT_CANCEL_BUTTON' });
  // The secret stays on this site: no Referer leaves with it.
  response.headers.set('Referrer-Policy', 'same-origin');
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});

visits.post('/visits/:token/cancel/', visitLink, async (c) => {
  const { token } = c.req.valid('param');
  const outcome = await cancelVisit(c.env.DB, token);
  const visit = outcome === 'unknown' ? null : await visitByToken(c.env.DB, token);
  const lang: Lang = visit && isLang(visit.lang) ? visit.lang : visitorLang(c);
  if (outcome === 'unknown') return renderMessage(c, lang, 'LINK_INVALID_TITLE', 'LINK_INVALID', 404);
  const messageKey = outcome === 'cancelled' ? 'VISIT_CANCELLED' : outcome === 'already' ? 'VISIT_ALREADY_CANCELLED' : 'VISIT_PAST';
  return renderMessage(c, lang, 'VISIT_CANCEL_TITLE', messageKey, 200);
});
