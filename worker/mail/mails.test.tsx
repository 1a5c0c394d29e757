import { beforeAll, describe, expect, it } from 'vitest';
import { caniemail } from 'caniemail';
import { loadContent } from '../../content/load.ts';
import { compileContent } from '../../content/compile.ts';
import { LANGS } from '../../domain/lang.ts';
import { MAIL_KIND_NAMES, mailSamples, type CompiledEntries } from '../../scripts/lib/mail-samples.ts';
import { MAIL_HTML_BUDGET } from './render.ts';
import { ALERT_MAIL_CARDS } from './kinds/alert-news.tsx';

const ORIGIN = 'https://www.meuse-ardenne.example.be';
let entries: CompiledEntries;

beforeAll(async () => {
  const loaded = await loadContent('content/demo');
  if (!loaded.ok) throw new Error('demo content is invalid');
  entries = compileContent(loaded.content);
});

/** Mail clients checked against caniemail.com's data: Gmail (all), Outlook desktop and web, Apple Mail. */
const CLIENTS: Parameters<typeof caniemail>[0]['clients'] = ['gmail.*', 'outlook.windows', 'outlook.outlook-com', 'outlook.macos', 'apple-mail.*'];

describe.each(LANGS)('every mail the site sends, in %s', (lang) => {
  it('has an HTML part under Gmail’s clipping size and a plain-text part from the same render, and says who sends it', () => {
    const samples = mailSamples(entries, lang, ORIGIN);
    expect(Object.keys(samples).sort()).toEqual([...MAIL_KIND_NAMES].sort());
    for (const [kind, mail] of Object.entries(samples)) {
      expect(mail.html.length, kind).toBeLessThan(MAIL_HTML_BUDGET);
      expect(mail.html, kind).toMatch(new RegExp(`<html dir="ltr" lang="${lang}"`));
      expect(mail.text.length, kind).toBeGreaterThan(40);
      expect(mail.text, kind).not.toMatch(/<[a-z]/i);
      // The footer: legal name, VAT and IPI numbers, in both parts.
      for (const part of [mail.html, mail.text]) {
        expect(part, kind).toContain('Immobilière Meuse &');
        expect(part, kind).toContain('0712.345.630');
        expect(part, kind).toContain('512.347');
      }
      // Photos are JPEG or PNG at mail width: some desktop Outlook versions show no WebP or SVG.
      for (const [, src] of mail.html.matchAll(/<img[^>]* src="([^"]+)"/g)) expect(src, kind).toMatch(/(format=jpeg|\.png)$/);
    }
  });

  it('uses nothing Gmail, Outlook (desktop and web) or Apple Mail does not support (caniemail.com data)', () => {
    const report: string[] = [];
    for (const [kind, mail] of Object.entries(mailSamples(entries, lang, ORIGIN))) {
      // The preheader is hidden the only way there is (display:none, opacity 0, no height); a
      // client that ignores it shows the inbox's preview line as the mail's first words.
      const html = mail.html.replace(/<div style="display:none;[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div>/, '');
      expect(html.length, kind).toBeLessThan(mail.html.length);
      const result = caniemail({ clients: CLIENTS, html });
      for (const [client, issues] of result.issues.errors) {
        // Outlook for Mac drops <body>'s attributes: no mail gives it any (the page colour is a table's).
        for (const issue of issues) if (issue.title !== '<body> element') report.push(`${kind}: ${client}: ${issue.title}`);
      }
      expect(mail.html, kind).toContain('<body>');
    }
    expect(report).toEqual([]);
  });
});

describe('the alert mail', () => {
  it(`shows at most ${ALERT_MAIL_CARDS} listings, then a link to the rest`, () => {
    const { 'alert-digest': digest, alert } = mailSamples(entries, 'fr', ORIGIN);
    expect(digest.html.match(/>Voir le bien</g)).toHaveLength(ALERT_MAIL_CARDS);
    expect(digest.text).toContain('Voir les 2 biens suivants et toute la recherche');
    expect(alert.html.match(/>Voir le bien</g)).toHaveLength(1);
  });

  it('strikes through the price before a drop, and has a preheader naming the first listing', () => {
    const { alert } = mailSamples(entries, 'fr', ORIGIN);
    expect(alert.html).toMatch(/<del[^>]*>€ [\d.]+<\/del>/);
    expect(alert.html).toMatch(/data-skip-in-text="true"[^>]*>[^<]+– €/);
    expect(alert.text).toMatch(/Gérer mes abonnements: https:\/\/.*\/alerts\/manage\//);
  });
});

describe('the subscription links', () => {
  it('offer to manage only where there is a page to manage it; unsubscribing is always there', async () => {
    const { alertNewsMail } = await import('../outbox/alert.tsx');
    const site = JSON.parse(entries.get('site/fr') ?? '{}');
    const cards = JSON.parse(entries.get('listing/fr') ?? '[]').slice(0, 1);
    const mail = alertNewsMail({
      site,
      lang: 'fr',
      description: 'À vendre',
      news: cards.map((card: unknown) => ({ card, kind: 'new' })),
      origin: ORIGIN,
      listUrl: '/fr/a-vendre/',
      unsubscribeToken: 'u',
      manageToken: null,
    });
    expect(mail.text).not.toContain('Gérer mes abonnements');
    expect(mail.text).toContain(`Se désinscrire: ${ORIGIN}/alerts/unsubscribe/u/`);
  });
});

describe('the agency’s lead mail', () => {
  it('names the listing with its photo and link, each field by its label, the time in Brussels, and reply and call buttons', () => {
    const { 'agency-lead': lead } = mailSamples(entries, 'fr', ORIGIN);
    expect(lead.text).toContain('Reçu le jeudi 26 novembre 2026 à 10:14');
    expect(lead.text).toMatch(/Prénom\u00a0: Anne/);
    expect(lead.html).toContain('href="mailto:anne.martin@example.be"');
    expect(lead.html).toContain('href="tel:0471234567"');
    expect(lead.html).toMatch(/<img[^>]* src="https:\/\/www\.meuse-ardenne\.example\.be\/media\/demo\/\d+\/1\.jpg\?width=320&amp;format=jpeg"/);
    expect(lead.replyTo).toBe('anne.martin@example.be');
  });
});
