/**
 * The privacy statement says what the code does: its generated part comes from the retention
 * schedule and the agency's periods, in every language, and a period outside its bounds is
 * refused when the content is published.
 */
import { describe, expect, it } from 'vitest';
import { demoRaw, publish, request } from './support.ts';
import { validateContent } from '../../content/schema.ts';

function withPeriods(retention: Record<string, number>) {
  const raw = demoRaw() as { site: Record<string, unknown> };
  raw.site.privacy = { retention };
  return validateContent(raw);
}

describe('the privacy statement', () => {
  it.each([
    ['fr', '/fr/declaration-de-confidentialite/', '2 ans après votre dernière demande', 'Autorité de protection des données'],
    ['nl', '/nl/privacyverklaring/', '2 jaar na uw laatste aanvraag', 'Gegevensbeschermingsautoriteit'],
    ['en', '/en/privacy-statement/', '2 years after your last request', 'Data Protection Authority'],
    ['de', '/de/datenschutzerklaerung/', '2 Jahre nach Ihrer letzten Anfrage', 'Datenschutzbehörde'],
  ])('%s: states each kind of data with the agency’s own period, the rights page and the Authority', async (_lang, path, period, authority) => {
    const content = withPeriods({ lead: 730 });
    if (!content.ok) throw new Error('content refused');
    await publish(content.content);
    const html = await (await request(path)).text();
    expect(html).toContain(period);
    expect(html).toContain(authority);
    // The rights page at its own address in the page's language.
    expect(html).toMatch(/href="\/(fr\/mes-donnees|nl\/mijn-gegevens|en\/my-data|de\/meine-daten)\/"/);
  });

  it('a period outside the bounds the code sets is refused at publish, naming the kind and the bounds', () => {
    const refused = withPeriods({ application: 5000 });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused.ok ? null : refused.problems)).toContain('application: 5000 days is outside 30–730');
  });
});

describe('the accessibility statement', () => {
  it.each([
    ['fr', 'Accessibilité', 'partiellement conforme aux WCAG 2.1 niveau AA'],
    ['nl', 'Toegankelijkheid', 'gedeeltelijk conform met WCAG 2.1 niveau AA'],
    ['en', 'Accessibility', 'partially conforms to WCAG 2.1 level AA'],
    ['de', 'Barrierefreiheit', 'teilweise konform mit WCAG 2.1 Stufe AA'],
  ])('%s: conformance, exceptions, how it is checked and how to report a barrier', async (lang, title, status) => {
    await publish();
    const response = await request(`/accessibility/?lang=${lang}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(status);
    expect(html).toContain('mailto:info@meuse-ardenne.example.be');
    // Linked from every page's footer.
    expect(await (await request(`/${lang}/`)).text()).toContain(`href="/accessibility/?lang=${lang}"`);
  });
});

describe('every form says why it asks, beside its button', () => {
  it.each([
    ['/fr/contact/', 'ils sont effacés 3 ans après votre dernière demande'],
    ['/fr/estimation-gratuite/', 'L’adresse et la description du bien servent à préparer l’estimation.'],
    // An application is kept for its own, shorter period.
    ['/nl/ons-team/', 'Uw gegevens dienen enkel om deze kandidatuur te beoordelen; ze worden 6 maanden later gewist.'],
  ])('%s: the reason, the period and a link to the statement', async (path, words) => {
    await publish();
    const html = await (await request(path)).text();
    const note = /<p class="form-privacy">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(note).toContain(words);
    expect(note).toMatch(/href="\/(fr\/declaration-de-confidentialite|nl\/privacyverklaring)\/"/);
  });
});
