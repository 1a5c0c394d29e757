/**
 * The listing law's part that the official layers answer, for a whole export or content folder:
 * each listing with the statements filled that the CRM left out, and the report of fills and
 * disagreements an operator reads (content:check, content:publish, crm:sync and the cron).
 * A listing whose address is not published is left as it is: its rounded pin names another
 * parcel, and its answers are not its own.
 */
import { withFills } from '../domain/rules/land-law.ts';
import { LandOf } from './compile/land.ts';
import type { LandLawReport } from './listing-law.ts';
import { LandTable } from './land/table.ts';
import { crmFieldOf, type LayerName } from './land/layers.ts';
import type { PropertyDetail } from './schema.ts';

export function landLawOf<T extends PropertyDetail>(properties: readonly T[], land: unknown, on: string): { properties: T[]; report: LandLawReport } {
  const table = LandTable.safeParse(land);
  const report: LandLawReport = { fills: [], conflicts: [] };
  if (!table.success) return { properties: [...properties], report };
  const of = new LandOf({ land: table.data }, on);
  const sourceOf = (field: string, answers: { layer: string }[]): string => {
    const name = answers.find((a) => crmFieldOf(a.layer as LayerName) === field)?.layer;
    const layer = table.data.layers.find((l) => l.name === name);
    return layer ? `${layer.source.publisher}, ${layer.source.title} (${layer.source.date})` : 'an official layer';
  };
  const filled = properties.map((p) => {
    if (!p.PublishAddress) return p;
    const land = of.of(p, { lat: p.Latitude ?? null, lng: p.Longitude ?? null });
    for (const fill of land.fills) report.fills.push({ id: p.ID, city: p.City, field: fill.field, value: fill.value, source: sourceOf(fill.field, land.answers) });
    for (const c of land.contradictions) report.conflicts.push({ id: p.ID, city: p.City, field: c.field, crm: c.crm, layer: c.layer, source: sourceOf(c.field, land.answers) });
    return withFills(p, land.fills);
  });
  return { properties: filled, report };
}
