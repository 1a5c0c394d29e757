import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../load.ts';
import { compileContent } from '../compile.ts';
import type { ContentSource } from '../schema.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import type { CardView } from '../../domain/bundles.ts';
import { encodeRing, SCALE } from '../land/table.ts';

let source: ContentSource;
let compiled: Map<string, string>;
const ON = '2026-11-28';

beforeAll(async () => {
  const loaded = await loadContent('content/demo');
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.reason).join('; '));
  source = loaded.content;
  compiled = compileContent(source, { on: ON });
});

const page = (id: number, lang = 'en', out = compiled) => JSON.parse(out.get(`property/${lang}/${id}`) ?? 'null') as PropertyPageView;
const facts = (view: PropertyPageView) => Object.fromEntries((view.land?.facts ?? []).map((f) => [f.topic, `${f.cls}${f.filled ? ' filled' : ''}${f.crm !== undefined ? ` crm=${f.crm}` : ''}`]));

/**
 * The demo's answers, worked out by hand from content/demo/land-sources: each listing's
 * position against the shapes drawn there (boxes with their corners cut).
 */
const BY_HAND: [number, string, Record<string, string>, [string, number, number | null] | null][] = [
  // Dinant, 50.25329 N 4.932093 E: inside the very-low box 4.925–4.940 × 50.248–50.258; the habitat zone 4.905–4.940; commune 91034 (radon 2a).
  [2041, 'a house by the Meuse at Dinant', { flood: 'very-low', zoning: 'residential', radon: '2a' }, ['Dinant', 2025, 205_000]],
  // 4.91612 E lies in the high strip 4.912–4.920: the plot's card carries the badge.
  [2064, 'a plot in the Meuse’s high hazard strip', { flood: 'high', zoning: 'residential', radon: '2a' }, ['Dinant', 2025, 72_000]],
  // The Sambre quay's medium box 4.8720–4.8740 × 50.4633–50.4648 holds 50.464011 N 4.873036 E; the CRM says none.
  [2046, 'a Namur house the CRM calls flood-free and the map does not', { flood: 'medium crm=none', radon: '1b' }, ['Namur', 2025, 272_500]],
  // Leuven: the parcel box 4.6856–4.6862 × 50.87975–50.88000 (A) and the building box (B) hold 50.879877 N 4.685924 E.
  [2110, 'the Leuven flat whose P-score the CRM left out', { 'p-score': 'A filled', 'g-score': 'B', zoning: 'residential-rural', radon: '0' }, ['Leuven', 2025, 306_000]],
  // Ciney, 50.305635 N 5.087647 E: 6 m from the runoff axis, in the N4's 60 dB band (5.0860–5.0890), in the habitat zone.
  [2071, 'a Ciney house by the N4', { runoff: 'runoff', zoning: 'residential', 'noise-road': '60-64', radon: '2b' }, ['Ciney', 2025, 243_000]],
  // Esch-sur-Alzette: no layer, the observatory's apartments of 2025.
  [2103, 'a Luxembourg flat', {}, ['Esch-sur-Alzette', 2025, null]],
];

describe('what the land says of the demo’s listings', () => {
  it.each(BY_HAND)('%i: %s', (id, _what, expected, prices) => {
    const view = page(id);
    expect(facts(view)).toEqual(expected);
    expect(view.land?.approximate).toBe(false);
    if (prices) expect([view.land?.prices?.areaName, view.land?.prices?.year, view.land?.prices?.median]).toEqual(prices);
  });

  it('the Luxembourg flat has the observatory’s price per m² beside its own asking price per m²', () => {
    const prices = page(2103).land?.prices;
    expect(prices).toMatchObject({ perSquareMetre: 7620, askingPerSquareMetre: Math.round(630_000 / 118), source: { publisher: 'Observatoire de l’Habitat' } });
  });

  it('every fact names its publisher, date, licence and official map', () => {
    const fact = page(2041).land?.facts.find((f) => f.topic === 'flood');
    expect(fact?.source).toEqual({
      publisher: 'SPW',
      title: 'Cartographie de l’aléa d’inondation par débordement de cours d’eau',
      date: '2024-06-01',
      validTo: '2030-05-31',
      licence: 'CC BY 4.0',
      viewer: 'https://geoportail.wallonie.be/walonmap',
    });
  });

  it('the filled P-score is the listing’s own on its page, marked as the map’s', () => {
    const view = page(2110);
    expect(view.fields.PScore).toBe('A');
    expect(view.fields.LandFilled).toBe('PScore');
    // The source listing is left as the CRM sent it.
    expect(source.properties.find((p) => p.ID === 2110)?.PScore).toBeNull();
  });

  it('a hidden address is read at its rounded pin only: no parcel, no fill, said so', () => {
    const view = page(2079);
    expect(view.land?.approximate).toBe(true);
    expect(view.land?.facts.some((f) => f.topic === 'p-score' || f.topic === 'g-score' || f.filled)).toBe(false);
    expect(view.fields.LandFilled).toBeUndefined();
  });

  it('a hidden address never gets a finer answer than its rounded pin: no parcel score, no fill, no flood-free flag', () => {
    // The Leuven flat with its address hidden, its zoning left out, and a parcel drawn over its rounded pin (50.88 N 4.69 E).
    const land = structuredClone(source.land);
    const parcels = land?.layers.find((l) => l.name === 'flood-flanders-parcel');
    if (!land || !parcels) throw new Error('the demo has a parcel layer');
    const ring = [
      [4.68, 50.875],
      [4.7, 50.875],
      [4.7, 50.885],
      [4.68, 50.885],
      [4.68, 50.875],
    ];
    parcels.classes.push('D');
    parcels.shapes.push([parcels.classes.length - 1, -1, 4.68 * SCALE, 50.875 * SCALE, 4.7 * SCALE, 50.885 * SCALE, encodeRing(ring)]);
    const properties = source.properties.map((p) => (p.ID === 2110 ? { ...p, PublishAddress: false, PlanningInformation: null } : p));
    const hidden = compileContent({ ...source, properties, land }, { on: ON });
    const view = page(2110, 'en', hidden);
    expect(view.land?.approximate).toBe(true);
    expect(facts(view)).toEqual({ zoning: 'residential-rural', radon: '0' });
    expect(view.fields.PScore).toBeNull();
    expect(view.fields.PlanningInformation).toBeNull();
    expect(view.fields.LandFilled).toBeUndefined();
    const card = (JSON.parse(hidden.get('listing/en') ?? '[]') as CardView[]).find((c) => c.id === 2110);
    expect(card?.features).not.toContain('noflood');
    // The same parcel at the published address is the listing's own: read, and its score filled.
    const shown = compileContent({ ...source, land }, { on: ON });
    expect(facts(page(2110, 'en', shown))['p-score']).toBe('D filled');
  });

  it('names a commune in the page’s language', () => {
    expect(page(2110, 'fr').land?.prices?.areaName).toBe('Louvain');
    expect(page(2110, 'nl').land?.prices?.areaName).toBe('Leuven');
    expect(page(2046, 'nl').land?.prices?.areaName).toBe('Namen');
  });

  it('cards: the high-hazard badge, and the flood filter’s feature only where the map says outside at the listing’s own position', () => {
    const cards = JSON.parse(compiled.get('listing/en') ?? '[]') as CardView[];
    expect(cards.filter((c) => c.floodHazard === 'high').map((c) => c.id)).toEqual([2064]);
    expect(
      cards
        .filter((c) => c.features.includes('noflood'))
        .map((c) => c.id)
        .sort(),
    ).toEqual([2051, 2055, 2065, 2075, 2077, 2086, 2091, 2109, 2110]);
    // The hidden Jambes address is outside every zone at its rounded pin, but that is not its own answer.
    expect(cards.find((c) => c.id === 2047)?.features).not.toContain('noflood');
    expect((JSON.parse(compiled.get('site/en') ?? '{}') as { floodFilter?: boolean }).floodFilter).toBe(true);
  });

  it('a layer past its validity says nothing from the next day: the flood map of 2024 on 1 June 2030', () => {
    const later = compileContent(source, { on: '2030-06-01' });
    expect(facts(page(2041, 'en', later)).flood).toBeUndefined();
    expect(facts(page(2041, 'en', compileContent(source, { on: '2030-05-31' }))).flood).toBe('very-low');
  });

  it('without a facts build, pages and cards are as before', () => {
    const { land: _land, ...without } = source;
    const plain = compileContent(without as ContentSource, { on: ON });
    expect(page(2041, 'en', plain).land).toBeNull();
    expect(JSON.parse(plain.get('site/en') ?? '{}')).not.toHaveProperty('floodFilter');
  });
});
