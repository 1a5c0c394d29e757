/**
 * Generates the demo agency's properties and new-build projects (deterministic: seeded PRNG,
 * dates from a fixed anchor).
 *
 *   node scripts/generate-demo.ts                     content/demo/properties.json + projects.json (68 properties, and 7 in Flanders and Brussels)
 *   node scripts/generate-demo.ts --properties 10000  a complete content folder in .demo-large/
 *   node scripts/generate-demo.ts --properties N --out DIR
 *
 * generateDemo(n) is pure (no file system) so tests can call it: n listings drawn in Wallonia and
 * Luxembourg, then the few in Flanders and Brussels (scripts/lib/demo-regions.ts).
 */
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { command } from './lib/cli.ts';
import { join } from 'node:path';
import { type Kind, RENT_MIX, SALE_MIX, makeProperty } from './lib/demo-properties.ts';
import { makeProjects } from './lib/demo-projects.ts';
import { REGION_LISTINGS } from './lib/demo-regions.ts';

export const DEFAULT_COUNT = 68;

export function generateDemo(n: number = DEFAULT_COUNT): { properties: unknown[]; projects: unknown[] } {
  const sale = Math.round((n * 44) / DEFAULT_COUNT);
  const rent = Math.round((n * 18) / DEFAULT_COUNT);
  const lux = Math.max(0, n - sale - rent);
  const properties: unknown[] = [];
  let i = 0;
  for (let s = 0; s < sale; s++) properties.push(makeProperty(i++, 0, SALE_MIX[s % SALE_MIX.length]!, false, s));
  for (let s = 0; s < rent; s++) properties.push(makeProperty(i++, 1, RENT_MIX[s % RENT_MIX.length]!, false, s));
  for (let s = 0; s < lux; s++) {
    const goal = s % 3 === 2 ? 1 : 0;
    properties.push(makeProperty(i++, goal, goal ? RENT_MIX[s % 4]! : (['apartment', 'house', 'apartment', 'land', 'commerce'] as Kind[])[s % 5]!, true, sale + s));
  }
  // Flemish Brabant and Brussels, after the rest so that the rest keeps its IDs.
  for (const extra of REGION_LISTINGS) {
    const record: Record<string, unknown> = makeProperty(i++, 0, extra.kind, false, extra.slot, extra.town);
    // Flemish advertisements answer the subdivision-permit question for a house too.
    record.AllotmentPermit ??= false;
    for (const field of extra.missing ?? []) record[field] = null;
    properties.push(record);
  }
  return { properties, projects: makeProjects() };
}

function summary(properties: unknown[]): string {
  const count = new Map<string, number>();
  for (const p of properties as { Goal: number; WebID: string; CountryID: number }[]) {
    for (const key of [p.Goal ? 'rent' : 'sale', `web${p.WebID}`, p.CountryID === 50 ? 'LU' : 'BE']) count.set(key, (count.get(key) ?? 0) + 1);
  }
  return [...count].map(([k, v]) => `${k} ${v}`).join(', ');
}

async function main() {
  const { values, fail } = command({
    name: 'npm run generate-demo',
    usage: ['npm run generate-demo -- [--properties N] [--out DIR]'],
    options: { properties: { type: 'string' }, out: { type: 'string' } },
  });
  const started = performance.now();
  const nArg = values.properties;
  const n = nArg === undefined ? DEFAULT_COUNT : Number(nArg);
  if (!Number.isInteger(n) || n < 1) fail(`--properties takes a positive whole number, not ${nArg}`);
  const src = 'content/demo';
  const out = values.out ?? (nArg === undefined ? src : '.demo-large');
  const { properties, projects } = generateDemo(n);
  await mkdir(out, { recursive: true });
  if (out !== src) {
    for (const name of await readdir(src)) {
      if (name !== 'properties.json' && name !== 'projects.json') await cp(join(src, name), join(out, name), { recursive: true });
    }
  }
  const json = (v: unknown) => (n > 1000 ? JSON.stringify(v) : JSON.stringify(v, null, 2)) + '\n';
  await writeFile(join(out, 'properties.json'), json(properties));
  await writeFile(join(out, 'projects.json'), json(projects));
  console.log(`generate-demo: ${properties.length} properties (${summary(properties)}), ${projects.length} projects → ${out}/ in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
