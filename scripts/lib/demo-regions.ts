/**
 * The demo's listings beyond Wallonia and Luxembourg: an agency in Namur also sells in Flemish
 * Brabant and in Brussels, so the demo shows each region's listing law (domain/rules/listing-law.ts).
 * A few leave out, on purpose, a statement their region asks for, so that `npm run
 * content:check` and the detail page's legal block have something to show.
 */
import type { Kind } from './demo-properties.ts';
import type { Town } from './demo-text.ts';

const FLEMISH_STREETS = ['Bondgenotenlaan', 'Naamsestraat', 'Tiensestraat', 'Brusselsestraat', 'Kapucijnenvoer', 'Diestsestraat'];
const BRUSSELS_STREETS = ['Rue du Bailli', 'Avenue Louise', 'Chaussée de Waterloo', 'Rue Vanderkindere', 'Avenue de Tervueren', 'Rue de la Brasserie'];

const leuven: Town = { city: 'Leuven', zip: '3000', lat: 50.8798, lng: 4.7005, w: 1, names: { fr: 'Louvain', de: 'Löwen' }, streets: FLEMISH_STREETS };
const tienen: Town = { city: 'Tienen', zip: '3300', lat: 50.8075, lng: 4.9378, w: 1, names: { fr: 'Tirlemont' }, streets: FLEMISH_STREETS };
const overijse: Town = { city: 'Overijse', zip: '3090', lat: 50.7745, lng: 4.5363, w: 1, streets: FLEMISH_STREETS };
const ixelles: Town = { city: 'Ixelles', zip: '1050', lat: 50.8275, lng: 4.3697, w: 1, names: { nl: 'Elsene' }, streets: BRUSSELS_STREETS };
const uccle: Town = { city: 'Uccle', zip: '1180', lat: 50.8005, lng: 4.337, w: 1, names: { nl: 'Ukkel' }, streets: BRUSSELS_STREETS };
const etterbeek: Town = { city: 'Etterbeek', zip: '1040', lat: 50.8367, lng: 4.3886, w: 1, streets: BRUSSELS_STREETS };

export interface RegionListing {
  kind: Kind;
  town: Town;
  /** Slot in the sale mix: one that is neither sold, under option nor on demand. */
  slot: number;
  /** Fields left empty on purpose (the seller has not provided them yet). */
  missing?: readonly string[];
}

export const REGION_LISTINGS: readonly RegionListing[] = [
  { kind: 'house', town: leuven, slot: 1 },
  { kind: 'apartment', town: leuven, slot: 2, missing: ['PScore', 'Permit'] },
  { kind: 'land', town: tienen, slot: 4, missing: ['PreemptiveRights'] },
  { kind: 'house', town: overijse, slot: 5 },
  { kind: 'apartment', town: ixelles, slot: 6 },
  { kind: 'house', town: uccle, slot: 8, missing: ['CO2Emission'] },
  { kind: 'apartment', town: etterbeek, slot: 10 },
];
