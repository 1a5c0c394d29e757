import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const readme = readFileSync('README.md', 'utf8');

/** The folders a newcomer must find in the README's map: every one under the code's top folders. */
function folders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${path.join(root, entry.name)}/`);
}

describe('the README', () => {
  it('is short: what the site is, two commands, the map, links', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(120);
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
  });

  it('names the demo owner on a line of its own, as the browser tests log in with it', () => {
    expect(readme.split('\n').find((line) => line.startsWith('Demo owner'))).toMatch(/`[^`]+@[^`]+` \/ `[^`]+`/);
  });

  it.each(['worker', 'client', 'domain', 'content'].flatMap(folders))('names %s in its map', (folder) => {
    expect(readme).toContain(`\`${folder}\``);
  });

  it('links only to documents that exist', () => {
    for (const [, target] of readme.matchAll(/\]\(([^)]+)\)/g)) expect(readdirSync(path.dirname(target ?? '.'))).toContain(path.basename(target ?? ''));
  });
});
