/**
 * npm run owners -- --local|--remote <command> …  — owner accounts for operators.
 *
 *   add --username U --email E [--name "Full Name"] [--lang fr] [--password P]
 *   list
 *   reset-password --user U|E [--password P]
 *   link-property --user U|E --property ID
 *   unlink-property --user U|E --property ID
 *   import --file figures.json
 *
 * `import` takes the owners' communication history and online-media figures per property
 * from the agency's records (the shape of OwnerFiguresFile, worker/owners/figures.ts;
 * docs/operations.md shows an example): each named property's rows are replaced and dated
 * by the file's `asOf`, which the portal shows.
 *
 * A password left out is generated and printed once. Setting one ends every session of
 * the owner. Hashing needs the pepper the worker uses: locally it is read from .dev.vars;
 * for --remote pass the production value in the PASSWORD_PEPPER environment variable.
 */
import { execFileSync } from 'node:child_process';
import { command, WHERE_OPTIONS } from './lib/cli.ts';
import { forTerminal } from './lib/terminal.ts';
import { isLang } from '../domain/lang.ts';
import { generatePassword, hashPassword } from '../worker/owners/password.ts';
import { passwordProblem } from '../domain/rules/password-rules.ts';
import { devVar } from './lib/dev-vars.ts';
import { remoteDatabase, selectedAgency } from './lib/agency-scope.ts';
import { agencySecret } from '../worker/agency/agency-secrets.ts';

/** The few D1 calls the commands need, the same locally (miniflare) and remotely (wrangler). */
export interface OwnerDb {
  all<T>(sql: string, params: (string | number)[]): Promise<T[]>;
  run(sql: string, params: (string | number)[]): Promise<number>;
}

export interface OwnerListing {
  id: number;
  username: string;
  email: string;
  name: string;
  lang: string;
  created_at: string;
  properties: string | null;
}

const OWNERS_USAGE = [
  'npm run owners -- --local|--remote [--persist-to DIR] add --username U --email E [--name "Full Name"] [--lang fr] [--password P]',
  'npm run owners -- --local|--remote [--persist-to DIR] list',
  'npm run owners -- --local|--remote [--persist-to DIR] reset-password --user U|E [--password P]',
  'npm run owners -- --local|--remote [--persist-to DIR] link-property|unlink-property --user U|E --property ID',
  'npm run owners -- --local|--remote [--persist-to DIR] import --file figures.json',
];

export class UsageError extends Error {}

/** SQL literal for wrangler's --command, which takes no parameters. */
export function sqlLiteral(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new UsageError(`not an integer: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** Replaces each `?` with its parameter as a literal (question marks inside literals are not used by these queries). */
export function inline(sql: string, params: (string | number)[]): string {
  let i = 0;
  const out = sql.replace(/\?/g, () => {
    if (i >= params.length) throw new Error('missing parameter');
    return sqlLiteral(params[i++] ?? '');
  });
  if (i !== params.length) throw new Error('too many parameters');
  return out;
}

function checkUsername(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9._-]{3,60}$/.test(value)) throw new UsageError('--username takes 3 to 60 letters, digits, dots, dashes or underscores');
  return value;
}

function checkEmail(value: string | undefined): string {
  if (!value || !/^[^\s<>@'"]+@[^\s<>@'"]+\.[^\s<>@'"]+$/.test(value) || value.length > 200) throw new UsageError('--email takes an e-mail address');
  return value;
}

function checkProperty(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,12}$/.test(value) || id <= 0) throw new UsageError('--property takes a property id (a positive number)');
  return id;
}

function checkPassword(value: string | undefined): { password: string; generated: boolean } {
  if (value === undefined) return { password: generatePassword(), generated: true };
  const problem = passwordProblem(value, value);
  if (problem === 'PASSWORD_TOO_SHORT') throw new UsageError('--password needs at least 10 characters');
  if (problem) throw new UsageError('--password is too long');
  return { password: value, generated: false };
}

async function ownerIdOf(db: OwnerDb, user: string | undefined): Promise<number> {
  if (!user) throw new UsageError('--user takes a username or e-mail address');
  const rows = await db.all<{ id: number }>('SELECT id FROM owners WHERE username = ? OR email = ? LIMIT 1', [user, user]);
  const id = rows[0]?.id;
  if (id === undefined) throw new UsageError(`no owner with username or e-mail ${user}`);
  return id;
}

export interface CommandOptions {
  username?: string;
  email?: string;
  name?: string;
  lang?: string;
  password?: string;
  user?: string;
  property?: string;
}

/** Runs one command and returns what to print. */
export async function runCommand(db: OwnerDb, command: string | undefined, options: CommandOptions, pepper: () => string, now: () => string = () => new Date().toISOString()): Promise<string> {
  switch (command) {
    case 'add': {
      const username = checkUsername(options.username);
      const email = checkEmail(options.email);
      const lang = options.lang ?? 'fr';
      if (!isLang(lang)) throw new UsageError('--lang takes nl, fr, en or de');
      const name = (options.name ?? '').slice(0, 120);
      const taken = await db.all<{ id: number }>('SELECT id FROM owners WHERE username = ? OR email = ? OR username = ? OR email = ?', [username, username, email, email]);
      if (taken.length > 0) throw new UsageError('an owner with this username or e-mail already exists');
      const { password, generated } = checkPassword(options.password);
      await db.run('INSERT INTO owners (username, email, name, lang, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        username,
        email,
        name,
        lang,
        await hashPassword(password, pepper()),
        now(),
      ]);
      return `owner ${username} <${email}> added${generated ? `\npassword: ${password}` : ''}`;
    }
    case 'list': {
      const rows = await db.all<OwnerListing>(
        'SELECT o.id, o.username, o.email, o.name, o.lang, o.created_at, GROUP_CONCAT(p.property_id) AS properties FROM owners o LEFT JOIN owner_properties p ON p.owner_id = o.id GROUP BY o.id ORDER BY o.username',
        [],
      );
      if (rows.length === 0) return 'no owners';
      return rows.map((r) => `${String(r.id).padStart(4)}  ${r.username.padEnd(20)} ${r.email.padEnd(32)} ${r.lang}  ${r.name}  [${r.properties ?? ''}]`).join('\n');
    }
    case 'reset-password': {
      const id = await ownerIdOf(db, options.user);
      const { password, generated } = checkPassword(options.password);
      await db.run('UPDATE owners SET password_hash = ?, token_version = token_version + 1, password_changed_at = ? WHERE id = ?', [await hashPassword(password, pepper()), now(), id]);
      await db.run('UPDATE owner_resets SET used_at = ? WHERE owner_id = ? AND used_at IS NULL', [Math.floor(Date.now() / 1000), id]);
      return `password changed; every session of this owner has ended${generated ? `\npassword: ${password}` : ''}`;
    }
    case 'link-property':
    case 'unlink-property': {
      const id = await ownerIdOf(db, options.user);
      const property = checkProperty(options.property);
      if (command === 'link-property') {
        const changed = await db.run('INSERT OR IGNORE INTO owner_properties (owner_id, property_id) VALUES (?, ?)', [id, property]);
        return changed > 0 ? `property ${property} linked` : `property ${property} was already linked`;
      }
      const changed = await db.run('DELETE FROM owner_properties WHERE owner_id = ? AND property_id = ?', [id, property]);
      return changed > 0 ? `property ${property} unlinked` : `property ${property} was not linked`;
    }
    default:
      throw new UsageError(`unknown command ${command}: add, list, reset-password, link-property, unlink-property or import`);
  }
}

/** The pepper of .dev.vars, which `wrangler dev` gives the worker. */
export function localPepper(): string {
  const pepper = devVar('PASSWORD_PEPPER');
  if (!pepper) throw new UsageError('no PASSWORD_PEPPER in .dev.vars: run npm start once first');
  return pepper;
}

function remoteDb(database: string): OwnerDb {
  const execute = (sql: string, params: (string | number)[]): unknown => {
    let out: string;
    try {
      out = execFileSync('npx', ['wrangler', 'd1', 'execute', database, '--remote', '--json', '--command', inline(sql, params)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      // wrangler explains itself (not logged in, no database…) in its JSON answer.
      const stdout = error instanceof Error && 'stdout' in error && typeof error.stdout === 'string' ? error.stdout : '';
      const text = /"text":\s*"([^"]+)"/.exec(stdout)?.[1] ?? (error instanceof Error ? error.message : String(error));
      throw new UsageError(`wrangler d1 execute failed: ${text}`);
    }
    return JSON.parse(out);
  };
  return {
    all: async <T>(sql: string, params: (string | number)[]): Promise<T[]> => {
      const parsed = execute(sql, params);
      return Array.isArray(parsed) && parsed[0] && Array.isArray(parsed[0].results) ? parsed[0].results : [];
    },
    run: async (sql, params) => {
      const parsed = execute(sql, params);
      return Array.isArray(parsed) && parsed[0]?.meta && typeof parsed[0].meta.changes === 'number' ? parsed[0].meta.changes : 0;
    },
  };
}

/** The local database through miniflare's D1. */
export function d1Db(db: D1Database): OwnerDb {
  return {
    all: async <T>(sql: string, params: (string | number)[]) =>
      (
        await db
          .prepare(sql)
          .bind(...params)
          .all<T>()
      ).results,
    run: async (sql, params) =>
      (
        await db
          .prepare(sql)
          .bind(...params)
          .run()
      ).meta.changes ?? 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, fail } = command({
    name: 'npm run owners',
    usage: OWNERS_USAGE,
    positionals: true,
    options: {
      ...WHERE_OPTIONS,
      username: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      lang: { type: 'string' },
      password: { type: 'string' },
      user: { type: 'string' },
      property: { type: 'string' },
      file: { type: 'string' },
    },
  });
  const action = positionals[0];
  if (values.local === values.remote) fail('say --local or --remote');
  if (!action) fail('say what to do: add, list, reset-password, link-property, unlink-property or import');
  if (action === 'import') {
    process.exit(await importFile(values.file, Boolean(values.remote), values['persist-to']));
  }
  const options: CommandOptions = {};
  for (const key of ['username', 'email', 'name', 'lang', 'password', 'user', 'property'] as const) {
    const value = values[key];
    if (value !== undefined) options[key] = value;
  }
  try {
    let output: string;
    if (values.local) {
      const { withLocalPlatform } = await import('./lib/local-platform.ts');
      // The agency's own pepper (--agency: derived from the platform's, as the worker derives it).
      output = await withLocalPlatform((env) => runCommand(d1Db(env.DB), action, options, () => env.PASSWORD_PEPPER || localPepper()), values['persist-to']);
    } else {
      const pepper = () => {
        const value = process.env.PASSWORD_PEPPER;
        if (!value) throw new UsageError('set PASSWORD_PEPPER to the value given to `wrangler secret put PASSWORD_PEPPER`');
        return value;
      };
      const agency = selectedAgency();
      const agencyPepper = agency === null ? pepper() : await agencySecret(pepper(), agency, 'PASSWORD_PEPPER');
      output = await runCommand(remoteDb(await remoteDatabase()), action, options, () => agencyPepper);
    }
    // Names and addresses may have come from anywhere: never let them drive the terminal.
    console.log(output.split('\n').map(forTerminal).join('\n'));
  } catch (error) {
    if (error instanceof UsageError) fail(error.message);
    console.error(`npm run owners: ${forTerminal(error instanceof Error ? error.message : String(error))}`);
    process.exit(1);
  }
}

/** `import --file`: the file checked whole before anything is written; each problem named by its path. */
async function importFile(file: string | undefined, remote: boolean, persistTo: string | undefined): Promise<number> {
  if (!file) {
    console.error('import takes --file figures.json');
    return 2;
  }
  const { readFile } = await import('node:fs/promises');
  const { OwnerFiguresFile, importFigures } = await import('../worker/owners/figures.ts');
  let parsed: ReturnType<typeof OwnerFiguresFile.safeParse>;
  try {
    parsed = OwnerFiguresFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    console.error(forTerminal(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`));
    return 1;
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 20)) console.error(forTerminal(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`));
    console.error('nothing was imported');
    return 1;
  }
  const figures = parsed.data;
  const run = (db: D1Database) => importFigures(db, figures, new Date());
  let done: Awaited<ReturnType<typeof importFigures>>;
  if (remote) {
    const { remoteD1, executeOn } = await import('./lib/remote-d1.ts');
    done = await run(remoteD1(executeOn(await remoteDatabase())));
  } else {
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    done = await withLocalPlatform((env) => run(env.DB), persistTo);
  }
  console.log(`${done.owners} owners (${done.accounts} new accounts: their owners choose a password with "forgot password")`);
  console.log(`${done.properties} properties: ${done.history} history rows and ${done.media} monthly figures, dated ${figures.asOf}`);
  return 0;
}
