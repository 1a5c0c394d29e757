/**
 * How every operator command reads its arguments: one small wrapper of `node:util`
 * `parseArgs` (strict), so each says the same things the same way. `--help` (`-h`) prints
 * the usage and exits 0; an unknown option, a missing value or a value the command refuses
 * prints one line and the usage, and exits 2; an error the command did not expect prints
 * one line and exits 1. Never a stack trace: an operator reads the first line, and a
 * trace hides it.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { forTerminal } from './terminal.ts';
import { selectAgency } from './agency-scope.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * Where a command acts, the same for every command that reads or writes the site's data:
 * `--local` (the local simulator, kept under `--persist-to DIR` when given) or `--remote`, and
 * for which agency of the platform (`--agency ID`; the deployment's own agency without it).
 */
export const WHERE_OPTIONS = { local: { type: 'boolean' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' }, agency: { type: 'string' } } as const;

export interface CommandSpec<O extends Options, P extends boolean> {
  /** How the operator runs it, e.g. `npm run leads`. */
  name: string;
  /** Its usage lines, each a way to call it (without "Usage:"). */
  usage: readonly string[];
  options: O;
  /** Whether it takes words without a dash (`list`, `approve 12`). */
  positionals?: P;
}

export interface Command<O extends Options, P extends boolean> {
  values: ReturnType<typeof parseArgs<{ options: O & typeof HELP; allowPositionals: P; strict: true }>>['values'];
  positionals: string[];
  /** Stops the command: one line saying what is wrong, then the usage; exit 2. */
  fail: (problem: string) => never;
}

/** The usage as printed: "Usage: <first>", then each other way aligned under it. */
export function usageText(spec: Pick<CommandSpec<Options, boolean>, 'usage'>): string {
  return spec.usage.map((line, i) => `${i === 0 ? 'Usage: ' : '       '}${line}`).join('\n');
}

/**
 * Reads `argv` (the process's own by default) against the command's options. Exits on
 * `--help` and on every mistake, as the module's comment says; returns the values otherwise.
 */
export function command<const O extends Options, const P extends boolean = false>(spec: CommandSpec<O, P>, argv: string[] = process.argv.slice(2)): Command<O, P> {
  const fail = (problem: string): never => {
    console.error(`${spec.name}: ${forTerminal(problem)}`);
    console.error(usageText(spec));
    if ('agency' in spec.options) console.error("Any of them with --agency ID acts for that agency of the platform; without it, for the deployment's own.");
    process.exit(2);
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...spec.options, ...HELP } as O & typeof HELP, allowPositionals: (spec.positionals ?? false) as P, strict: true });
  } catch (error) {
    // node's own words ("Unknown option '--sine'. To specify a positional argument starting with…"): its first sentence.
    const message = error instanceof Error ? error.message.split(/\.\s/)[0]?.replace(/\.$/, '') : String(error);
    return fail(message ?? 'bad arguments');
  }
  // Whatever the command did not expect, from here on: one line naming it, exit 1, no trace.
  const unexpected = (error: unknown) => {
    console.error(`${spec.name}: ${forTerminal(error instanceof Error ? error.message : String(error))}`);
    process.exit(1);
  };
  process.on('uncaughtException', unexpected);
  process.on('unhandledRejection', unexpected);
  const values = parsed.values as Command<O, P>['values'];
  const agency = (values as { agency?: unknown }).agency;
  if (agency !== undefined) {
    try {
      selectAgency(String(agency));
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  }
  if ((values as { help?: boolean }).help) {
    console.log(usageText(spec));
    if ('agency' in spec.options) console.log("Any of them with --agency ID acts for that agency of the platform (npm run agency -- list); without it, for the deployment's own.");
    process.exit(0);
  }
  return { values, positionals: parsed.positionals, fail };
}

/**
 * Runs a command's body: an error it did not expect (a missing file, a database that does
 * not answer) is one line naming the command, exit 1, never a trace.
 */
export async function run(name: string, body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`${name}: ${forTerminal(error instanceof Error ? error.message : String(error))}`);
    process.exit(1);
  }
}
