/**
 * The visits booked on the site, as a calendar the agents subscribe to in their own agenda
 * (Google Calendar "From URL", Outlook "Subscribe from web"): each visit with its listing,
 * its visitor and their phone, cancelled ones marked so the calendar drops them. With the
 * calendar the agency publishes for its slots (SLOTS_ICS_URL), this closes the loop: the
 * agent sees what visitors booked before giving the hour to anyone else. It names people,
 * so it answers only its secret address (AGENDA_FEED_TOKEN, 32 characters or more,
 * compared in constant time); without one configured it answers no one.
 */
import { Hono } from 'hono';
import { calendarFeed, type CalendarEvent } from '../../domain/rules/ics.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../live/repository.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { sameSecret } from '../security/secrets.ts';
import { bookingsFrom } from '../visits/store.ts';
import { leadsByIds } from '../leads/store.ts';
import { personOf, readStoredLead } from '../leads/stored-lead.ts';

export const agencyAgenda = new Hono<AppEnv>();

const VISIT_MINUTES = 30;

agencyAgenda.get('/agenda/:token/visits.ics', async (c) => {
  const secret = c.env.AGENDA_FEED_TOKEN ?? '';
  if (secret.length < 32 || !(await sameSecret(c.req.param('token'), secret))) return c.notFound();
  const repo = await ContentRepository.open(c.env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  const [site, listing] = await Promise.all([repo.site(lang), repo.listing(lang)]);
  const { t } = createTranslator(lang, site.dict);
  const origin = siteOrigin(c.env);
  const cards = new Map(listing.map((card) => [card.id, card]));
  const bookings = await bookingsFrom(c.env.DB, new Date(Date.now() - 86_400_000));
  const leads = await leadsByIds(
    c.env.DB,
    bookings.map((b) => b.leadId),
  );
  const events: CalendarEvent[] = [];
  for (const booking of bookings) {
    const row = leads.get(booking.leadId);
    // A booking is a visit request: its form names the visitor and their phone.
    const person = row ? personOf(readStoredLead(row).data) : null;
    const visitor = person ? `${person.firstName} ${person.lastName}` : '';
    const card = cards.get(booking.propertyId);
    events.push({
      uid: `${booking.token.slice(0, 32)}@${new URL(origin).host}`,
      start: new Date(booking.startsAt),
      minutes: VISIT_MINUTES,
      summary: `${t('APPOINTMENT')} ${card?.reference ?? booking.propertyId} – ${visitor}`.trim(),
      location: card ? `${card.zip} ${card.city}` : '',
      description: [visitor, person?.phone ?? '', person?.email ?? '', card ? `${origin}${card.path}` : ''].filter(Boolean).join('\n'),
      url: `${origin}${card?.path ?? '/'}`,
      stamp: new Date(),
      cancelled: booking.cancelled,
    });
  }
  return c.body(calendarFeed(`${site.agency.name} – ${t('APPOINTMENT')}`, events), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
  });
});
