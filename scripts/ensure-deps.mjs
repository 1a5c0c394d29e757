// Runs before `npm start` and `npm test`: on a fresh clone, installs the locked
// dependencies first, so those two commands are all a newcomer needs.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(`Vitrine needs Node 22 or newer (found ${process.versions.node}); .nvmrc names 24.`);
  process.exit(1);
}
if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing dependencies (npm ci) …');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
