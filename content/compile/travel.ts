/**
 * Each listing's journeys to the agency's hubs, from the timetable build's table: worked out
 * once per publish (a CRM sync included) from the listing's public position (rounded where
 * the address is not published: two walks to two stops would otherwise give it away), so a listing
 * added between two timetable builds has its journeys at once, and nothing is computed when
 * a visitor looks.
 */
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import type { TravelView } from '../../domain/travel.ts';
import type { Lang } from '../../domain/lang.ts';
import { TravelIndex, type ListingTravel } from '../transit/table.ts';
import type { ContentSource } from '../schema.ts';

export class TravelOf {
  private readonly index: TravelIndex | null;
  private readonly hubs: NonNullable<ContentSource['site']['transit']>['hubs'];
  private readonly source: ContentSource;
  private readonly known = new Map<number, ListingTravel>();

  constructor(source: ContentSource) {
    this.source = source;
    const table = source.transit;
    const settings = source.site.transit;
    // Only the hubs the site names and the table has: a hub added since the build waits for the next one.
    this.hubs = settings && table ? settings.hubs.filter((hub) => table.hubs.some((h) => h.id === hub.id)) : [];
    this.index =
      settings && table && this.hubs.length > 0
        ? new TravelIndex({ ...table, hubs: this.hubs.map((hub) => table.hubs.find((h) => h.id === hub.id) ?? { id: hub.id, stops: [], journeys: [] }) }, settings.walk)
        : null;
  }

  private of(card: Pick<CardView, 'id' | 'lat' | 'lng'>): ListingTravel | null {
    if (!this.index || card.lat === null || card.lng === null) return null;
    let travel = this.known.get(card.id);
    if (!travel) {
      travel = this.index.from(card.lat, card.lng);
      this.known.set(card.id, travel);
    }
    return travel;
  }

  private name(hub: string, lang: Lang): string {
    const found = this.hubs.find((h) => h.id === hub);
    return found?.name[lang] ?? hub;
  }

  /** What a list card carries: minutes to every hub in the site's order (null: none in time), and until when they hold. */
  card(card: Pick<CardView, 'id' | 'lat' | 'lng'>): CardView['travel'] {
    const travel = this.of(card);
    const table = this.source.transit;
    if (!travel || travel.far || !table || travel.journeys.length === 0) return undefined;
    return { until: table.validTo, minutes: Object.fromEntries(this.hubs.map((hub) => [hub.id, travel.journeys.find((j) => j.hub === hub.id)?.minutes ?? null])) };
  }

  /** `approximate`: the card's position is rounded because the address is not published. */
  view(card: Pick<CardView, 'id' | 'lat' | 'lng'>, lang: Lang, approximate: boolean): TravelView | null {
    const travel = this.of(card);
    const table = this.source.transit;
    const settings = this.source.site.transit;
    if (!travel || !table || !settings) return null;
    return {
      day: table.day,
      validTo: table.validTo,
      arriveBy: table.arriveBy,
      maxWalkMeters: settings.walk.maxMeters,
      far: travel.far,
      approximate,
      journeys: travel.far ? [] : travel.journeys.map((j) => ({ ...j, hubName: this.name(j.hub, lang) })),
      unreachable: travel.far ? [] : travel.unreachable.map((hub) => ({ hub, hubName: this.name(hub, lang) })),
    };
  }

  site(lang: Lang): SiteBundle['transit'] {
    const table = this.source.transit;
    if (!this.index || !table) return undefined;
    return { hubs: this.hubs.map((hub) => ({ id: hub.id, name: hub.name[lang] })), day: table.day, validTo: table.validTo, arriveBy: table.arriveBy };
  }
}
