import { beforeAll, describe, expect, it } from 'vitest';
import { caniemail } from 'caniemail';
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import { loadContent } from '../../content/load.ts';
import { compileContent } from '../../content/compile.ts';
import { alertConfirmationMail, alertNewsMail } from '../outbox/alert.tsx';
import { selectionMail } from '../outbox/selection.tsx';
import { friendMail, sharedProperty } from '../outbox/friend.tsx';
import { noticeMail } from './notice-mail.tsx';
import { renderMail, MAIL_HTML_BUDGET } from './render.ts';
import { AgencyLeadMail } from './kinds/agency-lead.tsx';
import { mailBrand } from './layout.tsx';
import { createTranslator } from '../../domain/i18n/translator.ts';
import type { OutgoingMail } from './message.ts';

const ORIGIN = 'https://www.meuse-ardenne.example.be';
let site: SiteBundle;
let cards: CardView[];

beforeAll(async () => {
  const loaded = await loadContent('content/demo');
  if (!loaded.ok) throw new Error('demo content is invalid');
  const entries = compileContent(loaded.content, 'v1');
  const json = <T,>(key: string) => JSON.parse(entries.get(key) ?? 'null') as T;
  site = json<SiteBundle>('site/fr');
  cards = json<CardView[]>('listing/fr').filter((c) => c.goal === 0 && c.status === 'available' && c.picture);
});

/** One sample of each kind the site sends, in French. */
function samples(): Record<string, OutgoingMail> {
  const { t } = createTranslator('fr', site.dict);
  const brand = mailBrand(site.agency, ORIGIN, site.mail);
  const news = cards.slice(0, 12).map((card, i) => ({ card, kind: i === 0 ? ('price-drop' as const) : ('new' as const) }));
  const lead = renderMail(
    <AgencyLeadMail
      brand={brand}
      lang="fr"
      t={t}
      title="Demande de visite – Anne Martin"
      property={{ title: 'VI-2071 – Maison mitoyenne, 5590 Ciney', photo: `${ORIGIN}/media/demo/2071/1.jpg?width=320&format=jpeg`, link: `${ORIGIN}/fr/a-vendre/ciney/maison-mitoyenne/2071/` }}
      fields={[
        { label: 'Nom', value: 'Anne Martin' },
        { label: 'Message', value: 'Bonjour,\nest-il encore disponible ?' },
      ]}
      receivedAt="jeudi 26 novembre 2026 à 10:14"
      replyTo="anne@example.be"
      phone={{ text: '0471 23 45 67', href: 'tel:+32471234567' }}
      reference="74cb91e5"
    />,
  );
  return {
    'alert-digest': alertNewsMail({ site, lang: 'fr', description: 'À vendre', news, origin: ORIGIN, listUrl: '/fr/a-vendre/', unsubscribeToken: 'u', manageToken: 'm' }),
    'alert-one': alertNewsMail({ site, lang: 'fr', description: 'À vendre · Namur', news: news.slice(0, 1), origin: ORIGIN, listUrl: '/fr/a-vendre/', unsubscribeToken: 'u', manageToken: null }),
    'alert-confirmation': alertConfirmationMail({ site, descriptions: ['À vendre · Namur'], origin: ORIGIN, token: 't' }),
    selection: selectionMail({ site, lang: 'fr', cards: cards.slice(0, 3), ids: cards.slice(0, 3).map((c) => c.id), origin: ORIGIN }),
    friend: friendMail({ shown: sharedProperty(cards[0] as CardView, site), site, origin: ORIGIN, sender: 'Anne', note: 'Regarde celle-ci !' }),
    confirmation: noticeMail('Confirmation', 'Votre visite est confirmée.\n\nhttps://www.meuse-ardenne.example.be/fr/', { site, lang: 'fr', origin: ORIGIN }),
    lead: { subject: 'Demande de visite', ...lead },
  };
}

describe('every mail the site sends', () => {
  it('has an HTML part under Gmail’s clipping size and a plain-text part from the same render', () => {
    for (const [kind, mail] of Object.entries(samples())) {
      expect(mail.html.length, kind).toBeLessThan(MAIL_HTML_BUDGET);
      expect(mail.text.length, kind).toBeGreaterThan(40);
      expect(mail.text, kind).not.toMatch(/<[a-z]/i);
      // The footer says who sends it, in both parts.
      for (const part of [mail.html, mail.text]) expect(part, kind).toContain('Immobilière Meuse &');
      expect(mail.text, kind).toContain('TVA BE 0712.345.630 · IPI 512.347');
    }
  });

  it('uses nothing Gmail, Outlook (desktop and web) or Apple Mail does not support (caniemail.com data)', () => {
    const report: string[] = [];
    for (const [kind, mail] of Object.entries(samples())) {
      // The preheader is hidden the only way there is (display:none, opacity 0, no height); a
      // client that ignores it shows the inbox's preview line as the mail's first words.
      const html = mail.html.replace(/<div style="display:none;[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div>/, '');
      expect(html.length, kind).toBeLessThan(mail.html.length);
      const result = caniemail({ clients: ['gmail.*', 'outlook.windows', 'outlook.outlook-com', 'outlook.macos', 'apple-mail.*'], html });
      for (const [client, issues] of result.issues.errors) {
        // Outlook for Mac drops <body>'s attributes: no mail has any (its page colour is a table's).
        for (const issue of issues) if (issue.title !== '<body> element') report.push(`${kind}: ${client}: ${issue.title}`);
      }
    }
    expect(report).toEqual([]);
    for (const mail of Object.values(samples())) expect(mail.html).toMatch(/<body>/);
  });
});
