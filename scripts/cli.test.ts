import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

/**
 * Every operator command, asked for help, given a mistyped option and a bad value, as an
 * operator types them: the usage on --help (exit 0); one line saying what is wrong, then
 * the usage, on a mistake (exit 2); never a stack trace.
 */
const COMMANDS: [script: string, name: string, badValue: string[]][] = [
  ['scripts/leads.ts', 'npm run leads', ['--local', '--since', 'yesterday']],
  ['scripts/owners.ts', 'npm run owners', ['--local', 'frobnicate']],
  ['scripts/testimonials.ts', 'npm run testimonials', ['--local', 'approve', 'not-an-id']],
  ['scripts/crm-sync.ts', 'npm run crm:sync', ['--local']],
  ['scripts/crm-outbox.ts', 'npm run crm:outbox', ['--local', '--remote']],
  ['scripts/slots.ts', 'npm run slots', ['--local', 'add', '--property', '2041', '--at', 'tomorrow']],
  ['scripts/privacy.ts', 'npm run privacy', ['--local', 'erase', '--email', 'not-an-address']],
  ['scripts/transit-build.ts', 'npm run transit:build', ['--gtfs', 'feed.zip', '--on', '28/11/2026']],
  ['scripts/publish-content.ts', 'npm run content:publish', ['--dir', 'content/demo']],
  ['scripts/content-check.ts', 'npm run content:check', ['--on', 'tomorrow']],
  ['scripts/check-links.ts', 'npm run links', ['--url', 'not a url']],
  ['scripts/municipalities.ts', 'npm run municipalities', ['--postcode', 'Code']],
  ['scripts/mail.ts', 'npm run mail', ['--local', 'show', 'last']],
];

const run = (script: string, args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 30_000 });
const noTrace = (text: string) => expect(text).not.toMatch(/\n\s+at |node:internal|Error: /);

describe.each(COMMANDS)('%s', (script, name, badValue) => {
  it('--help prints its usage and succeeds', () => {
    const help = run(script, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^Usage: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    noTrace(help.stdout + help.stderr);
  }, 30_000);

  it('a mistyped option is one line and the usage, exit 2', () => {
    const typo = run(script, ['--bogus-option']);
    expect(typo.status).toBe(2);
    const [first, second] = typo.stderr.split('\n');
    expect(first).toBe(`${name}: Unknown option '--bogus-option'`);
    expect(second).toMatch(/^Usage: /);
    noTrace(typo.stderr);
  }, 30_000);

  it('a bad value is one line and the usage, exit 2', () => {
    const bad = run(script, badValue);
    expect(bad.status).toBe(2);
    expect(bad.stderr.split('\n')[0]).toMatch(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    expect(bad.stderr).toMatch(/\nUsage: /);
    noTrace(bad.stderr);
  }, 30_000);
});

/** The other commands of package.json: benches, the demo's tools, the attack runs. */
const OTHERS: [script: string, name: string][] = [
  ['scripts/start.ts', 'npm start'],
  ['scripts/attack.ts', 'npm run attack'],
  ['scripts/security-mutations.ts', 'npm run attack:mutations'],
  ['scripts/bench.ts', 'npm run bench'],
  ['scripts/bench-alerts.ts', 'npm run bench:alerts'],
  ['scripts/bench-day.ts', 'npm run bench:day'],
  ['scripts/bench-load.ts', 'npm run bench:load'],
  ['scripts/bench-pair.ts', 'npm run bench:pair'],
  ['scripts/bench-transit.ts', 'npm run bench:transit'],
  ['scripts/first-load.ts', 'npm run bench:first-load'],
  ['scripts/interaction-bench.ts', 'npm run bench:interaction'],
  ['scripts/lighthouse.ts', 'npm run lighthouse'],
  ['scripts/map-install.ts', 'npm run map:install'],
  ['scripts/fake-crm.ts', 'npm run fake:crm'],
  ['scripts/generate-demo.ts', 'npm run generate-demo'],
  ['scripts/build-client.ts', 'npm run build'],
];

describe.each(OTHERS)('%s', (script, name) => {
  it('--help prints its usage, and a mistyped option is refused with it, never a trace', () => {
    const help = run(script, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout.startsWith(`Usage: ${name}`)).toBe(true);
    const typo = run(script, ['--bogus-option']);
    expect(typo.status).toBe(2);
    expect(typo.stderr.split('\n')[0]).toBe(`${name}: Unknown option '--bogus-option'`);
    noTrace(typo.stderr);
  }, 30_000);
});
