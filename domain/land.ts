/**
 * What the land says about a listing's place, as pages show it: the flood hazard, the zoning,
 * the noise of roads and railways, the commune's radon class and what homes there sold for,
 * each from an official open layer joined at publish, with the layer's publisher, date and
 * licence and where to see it on the official map.
 */

/** The topics of the section, in the order a buyer reads them. */
export const LAND_TOPICS = ['flood', 'runoff', 'p-score', 'g-score', 'zoning', 'noise-road', 'noise-rail', 'radon'] as const;
export type LandTopic = (typeof LAND_TOPICS)[number];

/** Where a fact comes from: what the page cites under it. */
export interface LandSourceView {
  publisher: string;
  title: string;
  /** The day the layer's data describe (ISO date), and the last day it is shown. */
  date: string;
  validTo: string;
  licence: string;
  /** The official map where a buyer can check it; null when the publisher has none. */
  viewer: string | null;
}

export interface LandFactView {
  topic: LandTopic;
  /** The class, as its code (`high`, `C`, `agricultural`, `65-69`, `2a`; `none` outside every zone of a layer that covers the place). */
  cls: string;
  /** The zone's own name where the class is not one of the codes the site explains (a zoning of its own). */
  name?: string;
  /** The CRM left the statement the law asks for out, and this fact filled it. */
  filled?: boolean;
  /** What the CRM says instead, when it says something else (published with the CRM's value). */
  crm?: string;
  source: LandSourceView;
}

/** What homes of this kind sold for nearby: a deed-price median (Statbel) or an average per m² (Luxembourg). */
export interface LandPriceView {
  area: 'commune' | 'sector';
  areaName: string;
  kind: 'house' | 'apartment' | 'villa' | 'land';
  year: number;
  /** The median price of the deeds (Belgium); null where only a price per m² is published. */
  median: number | null;
  /** Deeds counted, where the publisher says. */
  transactions: number | null;
  /** The publisher's price per m² (Luxembourg's observatory), else null. */
  perSquareMetre: number | null;
  /** The listing's asking price per m² of living area, beside it; null when either is unknown or hidden. */
  askingPerSquareMetre: number | null;
  source: LandSourceView;
}

export interface LandView {
  /** Read at the listing's rounded position: its address is not published, and no answer may be finer than that. */
  approximate: boolean;
  facts: LandFactView[];
  prices: LandPriceView | null;
}
