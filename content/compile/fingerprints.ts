/**
 * The fingerprints of what pages are drawn from (PageFingerprints), gathered while a
 * version is compiled from the very JSON texts it stores. A part changed by a publish gets
 * a new fingerprint; a part it left alone keeps its own, so the pages drawn only from such
 * parts keep their keys and stay warm.
 */
import type { CardView, PageFingerprints, PagesBundle } from '../../domain/bundles.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import type { Lang } from '../../domain/lang.ts';
import { LISTING_RULES } from '../../domain/rules/listing-law.ts';
import { fingerprint } from '../../domain/rules/fingerprint.ts';
import type { ContentSource } from '../schema.ts';

/** The day after an ISO day: a rule in force until a day is out of force the next. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The days on which a dated rule a property page applies starts or stops: the law's statements and the registration duties. */
export function ruleDaysOf(source: Pick<ContentSource, 'site' | 'transit'>): string[] {
  const days = new Set<string>();
  for (const rule of LISTING_RULES) {
    days.add(rule.from);
    if (rule.until !== undefined) days.add(dayAfter(rule.until));
  }
  for (const entry of source.site.buyingCosts.registration) days.add(entry.from);
  // Travel times vanish the day after their timetables' last valid day, never shown stale.
  if (source.transit) days.add(dayAfter(source.transit.validTo));
  return [...days].sort();
}

export class FingerprintsOf {
  private readonly routing: string;
  private readonly source: Pick<ContentSource, 'site' | 'transit'>;
  private readonly parts = {
    layout: {} as PageFingerprints['layout'],
    pages: {} as PageFingerprints['pages'],
    projects: {} as PageFingerprints['projects'],
    listing: {} as PageFingerprints['listing'],
  };
  /** Per id, the texts of every language, in the order languages are compiled. */
  private readonly properties = new Map<number, string[]>();
  private readonly cards = new Map<number, string[]>();
  private readonly projectTexts = new Map<number, string[]>();
  private readonly daily = new Set<number>();
  private readonly goneOn: Record<string, string> = {};

  /** `routing`: the routing bundle's JSON without its fingerprints, which every page is found by. */
  constructor(routing: string, source: Pick<ContentSource, 'site' | 'transit'>) {
    this.routing = routing;
    this.source = source;
  }

  layout(lang: Lang, siteJson: string): void {
    this.parts.layout[lang] = fingerprint(siteJson, this.routing);
  }

  /** The pages bundle split: counts and project cards change with listings, the rest with the content's pages. */
  pages(lang: Lang, bundle: PagesBundle, listingJson: string, cards: CardView[]): void {
    const { categories, cities: _counts, projects, ...pages } = bundle;
    // Lists name categories in their filters; how many listings each has is computed per list.
    const named = categories.map(({ countSale: _sale, countRent: _rent, ...category }) => category);
    this.parts.pages[lang] = fingerprint(JSON.stringify(pages), JSON.stringify(named));
    this.parts.projects[lang] = fingerprint(JSON.stringify(projects));
    this.parts.listing[lang] = fingerprint(listingJson);
    for (const card of cards) this.add(this.cards, card.id, JSON.stringify(card));
  }

  property(id: number, json: string, view: PropertyPageView): void {
    this.add(this.properties, id, json);
    if (view.renovationYears !== null) this.daily.add(id);
    if (view.card.goneOn) this.goneOn[String(id)] = view.card.goneOn;
  }

  project(id: number, json: string): void {
    this.add(this.projectTexts, id, json);
  }

  done(): PageFingerprints {
    const of = (texts: Map<number, string[]>) => Object.fromEntries([...texts].map(([id, all]) => [String(id), fingerprint(...all)]));
    return {
      ...this.parts,
      property: of(this.properties),
      card: of(this.cards),
      project: of(this.projectTexts),
      daily: [...this.daily].sort((a, b) => a - b),
      goneOn: this.goneOn,
      ruleDays: ruleDaysOf(this.source),
    };
  }

  private add(texts: Map<number, string[]>, id: number, text: string): void {
    const all = texts.get(id);
    if (all) all.push(text);
    else texts.set(id, [text]);
  }
}
