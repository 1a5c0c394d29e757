/**
 * What the land says about each listing, from the facts build's table: worked out once per
 * publish (a CRM sync included) from the listing's public position, so a listing added after
 * the build has its facts at once and nothing is looked up when a visitor reads the page.
 * A listing whose address is not published is read at its rounded position only, and never by
 * a layer drawn per parcel or building: its answer is no finer than its map pin.
 */
import type { CardView } from '../../domain/bundles.ts';
import { LAND_TOPICS, type LandFactView, type LandPriceView, type LandSourceView, type LandTopic, type LandView } from '../../domain/land.ts';
import { isForSale } from '../../domain/rules/goal.ts';
import { landLaw, type LandAnswers, type LandContradiction, type LandFill } from '../../domain/rules/land-law.ts';
import { epcScheme } from '../../domain/rules/epc.ts';
import { ZONINGS } from '../schema/codes.ts';
import type { ContentSource, PropertyDetail } from '../schema.ts';
import { crmFieldOf, LAYER_RULES, placeName, plain, priceKindOf, radonClass } from '../land/layers.ts';
import type { Lang } from '../../domain/lang.ts';
import { regionOf } from '../../domain/rules/region.ts';
import { LandLookup, type LayerAnswer } from '../land/lookup.ts';
import type { LandSource, LandTable } from '../land/table.ts';

type Position = Pick<CardView, 'lat' | 'lng'>;

const sourceView = (source: LandSource): LandSourceView => ({
  publisher: source.publisher,
  title: source.title,
  date: source.date,
  validTo: source.validTo,
  licence: source.licence,
  viewer: source.viewer,
});

/** The layers and tables still valid on the publishing day: an expired one says nothing, as timetables do. */
export function validPart(table: LandTable, on: string): LandTable {
  const valid = (source: LandSource) => source.validTo >= on;
  return {
    ...table,
    layers: table.layers.filter((layer) => valid(layer.source)),
    tables: Object.fromEntries(Object.entries(table.tables).filter(([, t]) => t && valid(t.source))) as LandTable['tables'],
  };
}

export interface ListingLand {
  answers: LayerAnswer[];
  approximate: boolean;
  fills: LandFill[];
  contradictions: LandContradiction[];
}

export class LandOf {
  private readonly table: LandTable | null;
  private readonly lookup: LandLookup | null;
  private readonly on: string;
  private readonly known = new Map<number, ListingLand>();
  /** The tables' rows by what a listing asks them for, made once: a national table has tens of thousands. */
  private readonly radonByCommune = new Map<string, string>();
  private readonly deedsByArea = new Map<string, NonNullable<LandTable['tables']['statbel']>['rows'][number]>();
  private readonly observatoireByCommune = new Map<string, NonNullable<LandTable['tables']['observatoire']>['rows'][number]>();

  constructor(source: Pick<ContentSource, 'land'>, on: string) {
    this.on = on;
    this.table = source.land ? validPart(source.land, on) : null;
    this.lookup = this.table && this.table.layers.length > 0 ? new LandLookup(this.table) : null;
    const tables = this.table?.tables;
    for (const [code, cls] of tables?.radon?.rows ?? []) this.radonByCommune.set(code, cls);
    // The latest year of each area and kind.
    for (const row of tables?.statbel?.rows ?? []) {
      const key = `${row[0]} ${row[1]}`;
      if ((this.deedsByArea.get(key)?.[2] ?? -Infinity) < row[2]) this.deedsByArea.set(key, row);
    }
    for (const row of tables?.observatoire?.rows ?? []) {
      const key = `${plain(row[0])} ${row[1]}`;
      if ((this.observatoireByCommune.get(key)?.[2] ?? -Infinity) < row[2]) this.observatoireByCommune.set(key, row);
    }
  }

  /** Whether a flood layer speaks anywhere: the list offers its filter only then. */
  get hasFlood(): boolean {
    return Boolean(this.table?.layers.some((l) => LAYER_RULES[l.name].topic === 'flood' || LAYER_RULES[l.name].topic === 'p-score'));
  }

  /** The listing's answers, at its own position when its address is published, else at its rounded one. */
  of(p: PropertyDetail, card: Position): ListingLand {
    let land = this.known.get(p.ID);
    if (land) return land;
    const approximate = !p.PublishAddress;
    const answers = this.lookup && card.lat !== null && card.lng !== null ? this.lookup.at(card.lat, card.lng, approximate) : [];
    // A rounded position answers for the neighbourhood, not for the listing: it fills nothing and contradicts no one.
    const law = approximate ? { fills: [], contradictions: [] } : landLaw(p, lawAnswers(answers), this.on);
    land = { answers, approximate, ...law };
    this.known.set(p.ID, land);
    return land;
  }

  /** The card's part: the flood filter's feature and the high-hazard badge, from a listing's own position only. */
  card(p: PropertyDetail, card: CardView): Pick<CardView, 'features' | 'floodHazard'> {
    const land = this.of(p, card);
    if (land.approximate || land.answers.length === 0) return { features: card.features };
    const flood = land.answers.filter((a) => a.layer === 'flood-wallonia' || a.layer === 'flood-luxembourg' || a.layer === 'flood-flanders-parcel');
    if (flood.length === 0) return { features: card.features };
    const high = flood.some((a) => a.cls === 'high' || a.cls === 'D');
    const outside = flood.every((a) => a.cls === 'none' || a.cls === 'A');
    return { features: outside ? [...card.features, 'noflood'] : card.features, ...(high ? { floodHazard: 'high' as const } : {}) };
  }

  view(p: PropertyDetail, card: CardView, lang: Lang): LandView | null {
    if (!this.table) return null;
    const land = this.of(p, card);
    const facts: LandFactView[] = [];
    for (const answer of land.answers) {
      const rule = LAYER_RULES[answer.layer];
      if (rule.topic === 'commune' || rule.topic === 'sector') continue;
      const layer = this.lookup?.layer(answer.layer);
      if (!layer) continue;
      const field = crmFieldOf(answer.layer);
      const fill = field ? land.fills.find((f) => f.field === field) : undefined;
      const contradiction = field ? land.contradictions.find((c) => c.field === field) : undefined;
      facts.push({
        topic: rule.topic,
        cls: answer.cls,
        ...(answer.name && answer.cls === 'other' ? { name: answer.name } : {}),
        ...(fill ? { filled: true } : {}),
        ...(contradiction ? { crm: contradiction.crm } : {}),
        source: sourceView(layer.source),
      });
    }
    const commune = land.answers.find((a) => a.layer === 'communes');
    const radon = this.radon(commune);
    if (radon) facts.push(radon);
    facts.sort((a, b) => LAND_TOPICS.indexOf(a.topic) - LAND_TOPICS.indexOf(b.topic));
    const prices = this.prices(p, card, land, lang);
    if (facts.length === 0 && !prices) return null;
    return { approximate: land.approximate, facts, prices };
  }

  private radon(commune: LayerAnswer | undefined): LandFactView | null {
    const radon = this.table?.tables.radon;
    if (!commune || !radon) return null;
    const raw = this.radonByCommune.get(commune.cls);
    const cls = raw === undefined ? null : radonClass(raw);
    return cls ? { topic: 'radon' satisfies LandTopic, cls, source: sourceView(radon.source) } : null;
  }

  /** The deeds of this kind of home in the listing's sector (where published) or commune, latest year; for a sale only. */
  private prices(p: PropertyDetail, card: CardView, land: ListingLand, lang: Lang): LandPriceView | null {
    const kind = priceKindOf(p.WebID, p.MainTypeName);
    if (!kind || !isForSale(card.goal)) return null;
    const surface = kind === 'land' ? p.SurfaceGround : p.SurfaceLiving;
    const shown = card.publishPrice && !card.priceOnDemand && card.price !== null;
    const asking = shown && surface && surface > 0 ? Math.round((card.price ?? 0) / surface) : null;
    const commune = land.answers.find((a) => a.layer === 'communes');
    if (epcScheme(p.Zip, p.CountryID) === 'luxembourg') {
      const table = this.table?.tables.observatoire;
      if (!table) return null;
      const names = new Set([...(commune?.name ?? '').split('|').map(plain), plain(p.City)].filter(Boolean));
      const row = [...names].map((name) => this.observatoireByCommune.get(`${name} ${kind}`)).find((found) => found !== undefined);
      if (!row) return null;
      return { area: 'commune', areaName: row[0], kind, year: row[2], median: null, transactions: null, perSquareMetre: row[3], askingPerSquareMetre: asking, source: sourceView(table.source) };
    }
    const table = this.table?.tables.statbel;
    if (!table) return null;
    // A statistical sector is finer than a rounded pin: it is read at a published address only.
    const sector = land.approximate ? undefined : land.answers.find((a) => a.layer === 'sectors');
    for (const [area, answer] of [
      ['sector', sector],
      ['commune', commune],
    ] as const) {
      if (!answer) continue;
      const row = this.deedsByArea.get(`${answer.cls} ${kind}`);
      if (row)
        return {
          area,
          areaName: answer.name ? placeName(answer.name, lang, regionOf(p.Zip, p.CountryID) === 'flanders') : answer.cls,
          kind,
          year: row[2],
          median: row[3],
          transactions: row[4],
          perSquareMetre: null,
          askingPerSquareMetre: asking,
          source: sourceView(table.source),
        };
    }
    return null;
  }
}

/** The layers' answers as the law's fields read them. */
export function lawAnswers(answers: readonly LayerAnswer[]): LandAnswers {
  const out: LandAnswers = {};
  for (const answer of answers) {
    const field = crmFieldOf(answer.layer);
    if (field === 'PScore') out.pScore = answer.cls;
    else if (field === 'GScore') out.gScore = answer.cls;
    else if (field === 'PlanningInformation' && (ZONINGS as readonly string[]).includes(answer.cls)) out.zoning = answer.cls;
    else if (field === 'FloodZone') out.flood = answer.cls;
  }
  return out;
}
