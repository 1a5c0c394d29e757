/**
 * Belgian municipalities and the postcodes of their sections: since the 1977 mergers a
 * municipality such as Namur spans Salzinnes and Bouge (5000, 5004) and Jambes and Wépion
 * (5100), and a buyer who says "Namur" means all of it. A municipality is named in a query
 * by its lowest postcode (`all-5000`): the same in every language, and a postcode belongs to
 * one municipality only. The table is written by `npm run municipalities` from bpost's list.
 */
import table from './be-municipalities.json' with { type: 'json' };
import { MUNICIPALITY_PREFIX } from '../search.ts';

export interface MunicipalityTable {
  source: string;
  /** Each municipality: its name as the source writes it, and its postcodes (sorted, space-separated). */
  municipalities: [string, string][];
}

export interface Municipality {
  /** `all-` and its lowest postcode: what `?city=` says for the whole municipality. */
  key: string;
  name: string;
  postcodes: readonly string[];
}

function byPostcodeOf(source: MunicipalityTable): Map<string, Municipality> {
  const map = new Map<string, Municipality>();
  for (const [name, list] of source.municipalities) {
    const postcodes = list.split(' ').filter(Boolean);
    const first = postcodes[0];
    if (!first) continue;
    const municipality: Municipality = { key: `${MUNICIPALITY_PREFIX}${first}`, name, postcodes };
    for (const postcode of postcodes) map.set(postcode, municipality);
  }
  return map;
}

let byPostcode: Map<string, Municipality> | null = null;

/** The municipality a Belgian postcode belongs to; null for another country's or an unknown postcode. */
export function municipalityOf(zip: string, source: MunicipalityTable = table as MunicipalityTable): Municipality | null {
  const map = source === table ? (byPostcode ??= byPostcodeOf(source)) : byPostcodeOf(source);
  return map.get(zip.trim()) ?? null;
}
