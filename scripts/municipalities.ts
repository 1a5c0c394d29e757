/**
 * npm run municipalities -- --csv FILE [--postcode COLUMN] [--municipality COLUMN] [--delimiter ;] [--encoding latin1]
 * Writes domain/rules/be-municipalities.json: which municipality each Belgian postcode
 * belongs to, so "Namur" on the list can mean the whole municipality (Salzinnes, Bouge,
 * Jambes, Wépion…). Reads bpost's postcode list (columns "Code postal" and "Commune
 * principale", the defaults) or Statbel's statistical sectors (PostCode, Municipality).
 * A postcode listed under several municipalities goes to the one with most rows: a
 * statistical sector's postcode sometimes crosses a municipal border.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { command } from './lib/cli.ts';
import { parse } from 'csv-parse/sync';
import type { MunicipalityTable } from '../domain/rules/municipality.ts';

export function municipalityTable(rows: readonly Record<string, string>[], postcodeColumn: string, municipalityColumn: string, source: string): MunicipalityTable {
  const votes = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const postcode = (row[postcodeColumn] ?? '').trim();
    const municipality = (row[municipalityColumn] ?? '').trim();
    if (!/^\d{4}$/.test(postcode) || municipality === '') continue;
    const counts = votes.get(postcode) ?? new Map<string, number>();
    counts.set(municipality, (counts.get(municipality) ?? 0) + 1);
    votes.set(postcode, counts);
  }
  const byName = new Map<string, string[]>();
  for (const [postcode, counts] of votes) {
    const [winner] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (!winner) continue;
    byName.set(winner[0], [...(byName.get(winner[0]) ?? []), postcode]);
  }
  const municipalities = [...byName].map(([name, postcodes]) => [name, postcodes.sort().join(' ')] as [string, string]).sort((a, b) => a[1].localeCompare(b[1]));
  return { source, municipalities };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run municipalities',
    usage: ['npm run municipalities -- --csv FILE [--postcode COLUMN] [--municipality COLUMN] [--delimiter ;] [--encoding latin1] [--source TEXT]'],
    options: {
      csv: { type: 'string' },
      postcode: { type: 'string', default: 'Code postal' },
      municipality: { type: 'string', default: 'Commune principale' },
      delimiter: { type: 'string', default: ',' },
      encoding: { type: 'string', default: 'utf8' },
      source: { type: 'string', default: 'bpost, liste des codes postaux' },
    },
  });
  const csv = values.csv ?? fail('--csv takes the bpost list of postcodes, as a CSV file');
  if (!Buffer.isEncoding(values.encoding)) fail(`--encoding takes utf8 or latin1, not ${values.encoding}`);
  let text = '';
  try {
    text = readFileSync(csv, { encoding: values.encoding as BufferEncoding });
  } catch (error) {
    console.error(`npm run municipalities: ${csv}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    process.exit(1);
  }
  const rows = parse(text, { columns: true, delimiter: values.delimiter, skip_empty_lines: true, relax_column_count: true, bom: true }) as Record<string, string>[];
  const table = municipalityTable(rows, values.postcode, values.municipality, values.source);
  if (table.municipalities.length === 0) {
    console.error(`No postcode read: are the columns "${values.postcode}" and "${values.municipality}"?`);
    process.exit(1);
  }
  writeFileSync(new URL('../domain/rules/be-municipalities.json', import.meta.url), `${JSON.stringify(table, null, 1)}\n`);
  console.log(`${table.municipalities.length} municipalities, ${table.municipalities.reduce((n, [, p]) => n + p.split(' ').length, 0)} postcodes.`);
}
