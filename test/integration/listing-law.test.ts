import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentKeys, type CardView } from '../../domain/bundles.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import { syncExport } from '../../content/crm-publish.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { clearContentCache } from '../../worker/live/repository.ts';
import { demoRaw, publish, request } from './support.ts';

async function pathOf(id: number, lang = 'fr'): Promise<string> {
  const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
  const view = await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, lang as 'fr', id), 'json');
  return view?.card.path ?? '';
}

async function page(id: number, lang = 'fr', query = ''): Promise<string> {
  const response = await request(`${await pathOf(id, lang)}${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The legal block's rows as "label: value" text, tags and React's comment markers removed. */
function legalRows(html: string): string[] {
  const block = /<section class="panel legal"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return [...block.matchAll(/<dt>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => `${strip(m[1] ?? '')}: ${strip(m[2] ?? '')}`);
}
const strip = (s: string) =>
  s
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, '’')
    .trim();

function costRows(html: string): string[] {
  const block = /<section class="panel costs"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return [...block.matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map((m) => `${strip(m[1] ?? '')}: ${strip(m[2] ?? '')}`);
}

beforeAll(async () => {
  await publish();
});

describe('the legal information block', () => {
  it('lists what Flemish law asks, and says where the seller has not provided it (Leuven, 2110)', async () => {
    const rows = legalRows(await page(2110));
    // The P-score the CRM left out is the official flood-sensitivity layer's, and says so; the permit no layer answers.
    expect(rows).toContain('Score P (parcelle, inondation): A (d’après la carte officielle, le dossier ne la donnant pas)');
    expect(rows).toContain('Permis d’urbanisme délivré: Non communiqué par le vendeur');
    expect(rows).toContain('Droit de préemption: Non');
    expect(rows.some((r) => r.startsWith('Consommation spécifique (PEB): 33 kWh/m²'))).toBe(true);
    expect(rows.filter((r) => r.endsWith('Non communiqué par le vendeur'))).toHaveLength(1);
  });

  it('is in the page’s language: the same gaps in Dutch', async () => {
    const rows = legalRows(await page(2110, 'nl'));
    expect(rows).toContain('P-score (perceel, overstroming): A (volgens de officiële kaart, het dossier vermeldde ze niet)');
    expect(rows).toContain('Omgevingsvergunning voor stedenbouwkundige handelingen uitgereikt: Niet meegedeeld door de verkoper');
  });

  it('asks Brussels listings for the PEB class and CO₂, and shows a missing CO₂ (Uccle, 2114)', async () => {
    const rows = legalRows(await page(2114));
    expect(rows).toContain('Émissions de CO₂: Non communiqué par le vendeur');
    expect(rows.some((r) => r.startsWith('Classe énergétique (PEB): D'))).toBe(true);
    expect(rows.some((r) => r.startsWith('Score P'))).toBe(false);
  });

  it('asks Walloon listings for the PEB certificate, the zoning and the permit (Ciney, 2071)', async () => {
    const rows = legalRows(await page(2071));
    expect(rows.map((r) => r.split(':')[0])).toEqual(['Classe énergétique (PEB)', 'Consommation spécifique (PEB)', 'N° du certificat PEB', 'Destination urbanistique', 'Permis d’urbanisme délivré']);
    expect(rows).toContain('Destination urbanistique: Zone d’habitat');
  });
});

describe('the cost of buying', () => {
  it('shows a first-time buyer’s rate first, and another property’s from a shareable GET query, without JavaScript', async () => {
    const first = costRows(await page(2071));
    expect(first[0]).toBe('Droits d’enregistrement (3\u00a0%): € 11.400');
    const other = costRows(await page(2071, 'fr', '?buyer=other'));
    expect(other[0]).toBe('Droits d’enregistrement (12,5\u00a0%): € 47.500');
    const own = costRows(await page(2071, 'fr', '?buyer=own-home&loan=200000'));
    expect(own[0]).toBe('Droits d’enregistrement (3\u00a0%): € 11.400');
    expect(own.some((r) => r.startsWith('Acte de crédit'))).toBe(true);
    const html = await page(2071, 'fr');
    const form = /<form class="costs__form"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain(`action="#costs"`);
    expect(form).toContain(`method="get"`);
    const radio = (value: string) => [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes('name="buyer"') && tag.includes(`value="${value}"`)) ?? '';
    expect(radio('own-home')).toContain('checked=""');
    expect(radio('other')).not.toContain('checked');
  });

  it('exempts the first €200,000 of a Brussels own home up to €600,000 (Ixelles, 2113)', async () => {
    const rows = costRows(await page(2113, 'fr', '?buyer=own-home'));
    // 335,000 − 200,000 = 135,000 at 12.5 %
    expect(rows[0]).toBe('Droits d’enregistrement (12,5\u00a0%): € 16.875');
    expect(rows).toContain('Partie du prix exonérée: € 200.000');
  });

  it('gives the Flemish renovation deadline for label F (Overijse, 2112)', async () => {
    const html = await page(2112, 'nl');
    expect(html).toMatch(/Label E of F in Vlaanderen: de koper moet binnen 5 jaar na de akte minstens label D halen/);
  });

  it('ignores a query it cannot read instead of failing', async () => {
    const rows = costRows(await page(2071, 'fr', '?buyer=%3Cscript%3E&loan=-4'));
    // What it cannot read is no choice: a first-time buyer's duties, as without a query.
    expect(rows[0]).toBe('Droits d’enregistrement (3\u00a0%): € 11.400');
  });
});

describe('publishing with listingLaw.refuseIncomplete', () => {
  it('keeps the incomplete listings offline and publishes the rest', async () => {
    const raw = demoRaw();
    const { properties, ...rest } = raw;
    (rest.site as { listingLaw: { refuseIncomplete: boolean } }).listingLaw = { refuseIncomplete: true };
    const lines: string[] = [];
    const outcome = await syncExport({ records: properties, rest, store: kvPublishStore(env.CONTENT), log: (line) => lines.push(line) });
    clearContentCache();
    expect(outcome).toMatchObject({ ok: true, legal: { heldBack: [2110, 2111, 2114] } });
    expect(lines).toContain('  2110 (Leuven, Flanders): building permit not stated (kept offline)');
    const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
    const cards = (await env.CONTENT.get<CardView[]>(contentKeys.listing(live, 'fr'), 'json')) ?? [];
    expect(cards.map((c) => c.id)).not.toContain(2110);
    expect(cards.map((c) => c.id)).toContain(2109);
    await publish();
  });
});
