/**
 * Many rows in few statements. Through wrangler's local platform proxy every `prepare` and
 * `bind` is a synchronous round trip to the runtime (about 2 ms each on these machines):
 * 1,280 visit slots bound one statement each took 5 s, as one JSON parameter 15 ms.
 */

/** Rows per statement: a bound value stays well under D1's 2 MB string limit. */
const ROWS_PER_STATEMENT = 500;

/**
 * `INSERT <conflict> INTO table (columns) SELECT … FROM json_each(?)`, one statement per 500
 * rows. Each row is an object with the columns as keys; JSON numbers stay numbers, null stays NULL.
 * Table and column names are the caller's constants, never input.
 */
export function insertRows<Row extends Record<string, string | number | null>>(
  db: D1Database,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  conflict: 'OR IGNORE' | 'OR REPLACE' = 'OR IGNORE',
): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const select = columns.map((c) => `value ->> '$.${c}'`).join(', ');
  const statement = db.prepare(`INSERT ${conflict} INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM json_each(?1)`);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(statement.bind(JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))))));
  }
  return statements;
}
