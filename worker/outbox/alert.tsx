/**
 * The mails of saved searches, in the alert's language: the confirmation (the only mail
 * an unconfirmed address ever gets) and the news of new listings and price drops, each
 * with a photo, the price, the town and a link, a link to manage every alert of the
 * address, and a one-click unsubscribe (List-Unsubscribe, RFC 8058) for this alert; and
 * the sending of one alert's news, once, within the subscriber's daily budget.
 */
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import { isLang, type Lang } from '../../domain/lang.ts';
import { cardPriceInput, formatEuro, formatPrice, priceDropOf } from '../../domain/rules/price.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { placeNamesOf } from '../../domain/rules/list-filters.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { AlertConfirmationMail } from '../mail/kinds/alert-confirmation.tsx';
import { mailBrand } from '../mail/layout.tsx';
import { renderMail } from '../mail/render.ts';
import { AlertNewsMail } from '../mail/kinds/alert-news.tsx';
import type { MailCard } from '../mail/kinds/listing-card.tsx';
import { admitNow } from '../mail/gate.ts';
import type { Mailer } from '../mail/send.ts';
import { ContentRepository } from '../live/repository.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { alertById, alertsOfConfirmToken, claimNews, criteriaOf, manageToken, markAlertSent, pendingConfirmToken, releaseNews } from '../alerts/store.ts';
import { matcher } from '../alerts/criteria.ts';
import type { NewsKind } from '../alerts/fan-out.ts';
import { describeAlert, translatorFor } from '../alerts/describe.ts';
import type { Bindings } from '../env.ts';
import type { StoredLead } from '../leads/stored-lead.ts';
import type { NotifyEnv } from './notify-env.ts';

/** The confirmation of one or more alerts saved together. */
export function alertConfirmationMail(input: { site: SiteBundle; descriptions: string[]; origin: string; token: string }): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.site.lang, origin: input.origin });
  return noticeMail(
    `${input.site.agency.name} – ${notice.t('ALERT_CONFIRM_SUBJECT')}`,
    <AlertConfirmationMail notice={notice} descriptions={input.descriptions} confirm={`${input.origin}/alerts/confirm/${input.token}/`} />,
  );
}

export interface AlertNews {
  card: CardView;
  kind: NewsKind;
}

/** One mail for one alert: the listings it has not yet told about, newest news first. */
export function alertNewsMail(input: {
  site: SiteBundle;
  lang: Lang;
  description: string;
  news: AlertNews[];
  origin: string;
  listUrl: string;
  unsubscribeToken: string;
  manageToken: string | null;
}): OutgoingMail {
  const { site, origin } = input;
  const t = translatorFor(site);
  const unsubscribe = `${origin}/alerts/unsubscribe/${input.unsubscribeToken}/`;
  const manage = input.manageToken ? `${origin}/alerts/manage/${input.manageToken}/` : null;
  const count = input.news.length;
  const subject = `${t('ALERT_NEWS_SUBJECT', { count })} – ${input.description}`;
  const day = (d: string) => new Intl.DateTimeFormat(`${input.lang}-BE`, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const brand = mailBrand(site.agency, origin, site.mail);
  const cards: MailCard[] = input.news.map(({ card, kind }) => {
    const drop = kind === 'price-drop' ? priceDropOf(card, true) : null;
    return {
      title: card.typeDescription || card.mainTypeName,
      photo: card.picture ? `${origin}${card.picture.url}?width=600&format=jpeg` : null,
      price: formatPrice(cardPriceInput(card), { marqueeIgnore: site.marqueeIgnore, t }),
      previous: drop ? { label: t('PRICE_PREVIOUS'), amount: formatEuro(drop.previous) } : null,
      town: `${card.zip} ${card.city}`,
      facts: [card.bedrooms ? t('BEDROOM_COUNT', { count: card.bedrooms }) : '', card.surfaceLiving ? `${card.surfaceLiving} m²` : ''].filter(Boolean).join(' · '),
      note: drop ? t('PRICE_REDUCED', { percent: drop.percent, date: day(drop.on) }) : t('ALERT_NEW_LISTING'),
      link: `${origin}${card.path}`,
      button: t('MAIL_SEE_PROPERTY'),
    };
  });
  const { html, text } = renderMail(
    <AlertNewsMail brand={brand} lang={input.lang} t={t} description={input.description} cards={cards} listUrl={`${origin}${input.listUrl}`} subscription={{ manage, unsubscribe }} />,
  );
  return { subject, text, html, headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

type SendEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'SITE_ORIGIN' | 'MAIL_FROM'>;

/**
 * Sends one alert everything it has not yet told, once: its pending news are claimed
 * first; a failed send gives them back and throws, so the queue retries.
 */
export async function sendAlertMail(env: SendEnv, alertId: number, mail: Mailer, now = new Date()): Promise<'sent' | 'nothing' | 'ended' | 'deferred'> {
  const alert = await alertById(env.DB, alertId);
  if (!alert || alert.status !== 'confirmed') return 'ended';
  const stamp = now.toISOString();
  const claimed = await claimNews(env.DB, alertId, stamp);
  if (claimed.length === 0) return 'nothing';
  const release = () => releaseNews(env.DB, alertId, stamp);
  try {
    const repo = await ContentRepository.open(env.CONTENT);
    const lang = isLang(alert.lang) ? alert.lang : (await repo.routing()).defaultLang;
    const today = utcDay(now);
    const kinds = new Map(claimed.map((c) => [c.propertyId, c.kind]));
    // What is still on offer now: a listing sold or withdrawn since is no news.
    const cards = matcher(
      (await repo.listing(lang)).filter((c) => kinds.has(c.id)),
      today,
    )({ kind: alert.list_kind, search: {} });
    if (cards.length === 0) return 'nothing';
    // A confirmed subscriber's own budget: no stranger's form can spend it, and it caps the alerts too.
    const to = await admitNow(env.DB, { to: alert.email, budget: 'subscriber' }, now);
    if (!to) {
      await release();
      return 'deferred';
    }
    const [site, routing] = await Promise.all([repo.site(lang), repo.routing()]);
    const outgoing = alertNewsMail({
      site,
      lang,
      description: describeAlert(criteriaOf(alert), site, routing, translatorFor(site), placeNamesOf(await repo.listing(lang))),
      news: cards.map((card) => ({ card, kind: kinds.get(card.id) ?? 'new' })),
      origin: siteOrigin(env),
      listUrl: alert.list_url,
      unsubscribeToken: alert.token,
      manageToken: await manageToken(env.DB, alert.email),
    });
    await mail(env.MAIL_FROM, to, outgoing, alert.frequency === 'instant' ? 'alert' : 'alert-digest');
    await markAlertSent(env.DB, alertId, stamp);
    return 'sent';
  } catch (error) {
    await release();
    throw error;
  }
}

/** The double opt-in mail of saved searches: what they will watch, and the link that confirms them. */
export async function alertConfirmationOfLead({ row }: StoredLead, repo: ContentRepository, env: NotifyEnv): Promise<OutgoingMail | null> {
  if (!row.email) return null;
  const token = await pendingConfirmToken(env.DB, row.email);
  if (!token) return null;
  const [site, routing, alerts] = await Promise.all([repo.site(row.lang), repo.routing(), alertsOfConfirmToken(env.DB, token)]);
  if (alerts.length === 0) return null;
  const t = translatorFor(site);
  const places = placeNamesOf(await repo.listing(row.lang));
  return alertConfirmationMail({ site, descriptions: alerts.map((a) => describeAlert(criteriaOf(a), site, routing, t, places)), origin: siteOrigin(env), token });
}
