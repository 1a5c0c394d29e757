/**
 * Every page type is valid HTML by the W3C Nu HTML Checker (the `vnu-jar` package, run on
 * this machine's Java): home, lists (grid and map), a property, projects and a project, a
 * content page, a thank-you page, the owner login, a 404 — in French and Dutch; and their
 * headings never skip a level.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';

const baseURL = inject('baseURL');
const vnuJar = join(createRequire(import.meta.url).resolve('vnu-jar'), '..', 'build', 'dist', 'vnu.jar');

async function html(path: string): Promise<string> {
  const response = await fetch(`${baseURL}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
  return response.text();
}

/** The first link on a page whose path matches. */
async function firstLink(path: string, pattern: RegExp): Promise<string> {
  const found = [...(await html(path)).matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '').find((href) => pattern.test(href));
  if (!found) throw new Error(`no link like ${pattern} on ${path}`);
  return found;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

function vnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(error);
      try {
        resolve((JSON.parse(stderr || stdout) as { messages: VnuMessage[] }).messages);
      } catch (parse) {
        reject(parse instanceof Error ? parse : new Error(String(parse)));
      }
    });
  });
}

describe('HTML validity (W3C Nu checker)', () => {
  it('every page type validates with 0 errors', async () => {
    const detail = await firstLink('/fr/a-vendre/', /^\/fr\/a-vendre\/[^?]+\/\d+\/$/);
    const projects = await firstLink('/fr/', /^\/fr\/[^/]*projet[^/]*\/$/);
    const project = await firstLink(projects, new RegExp(`^${projects}[^?#]+/$`));
    const pages = [
      '/fr/',
      '/fr/a-vendre/',
      '/fr/a-vendre/?view=map',
      detail,
      projects,
      project,
      '/fr/estimation-gratuite/',
      '/fr/merci/contact-me/',
      '/fr/login/',
      '/fr/page-inexistante/',
      '/nl/te-koop/',
      '/nl/',
    ];
    const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
    try {
      const files = await Promise.all(
        pages.map(async (path, i) => {
          const file = join(dir, `page-${i}.html`);
          await writeFile(file, await html(path));
          return file;
        }),
      );
      const messages = await vnu(files);
      const errors = messages
        .filter((m) => m.type === 'error' || m.subType === 'fatal')
        .map((m) => `${pages[Number(/page-(\d+)\.html/.exec(m.url)?.[1])]}:${m.lastLine ?? '?'} ${m.message} «${(m.extract ?? '').trim().slice(0, 80)}»`);
      expect(errors).toEqual([]);
      // Headings never skip a level on the way down (h1 → h3 with no h2 between).
      const skips: string[] = [];
      for (const [i, file] of files.entries()) {
        const levels = [...(await readFile(file, 'utf8')).matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
        levels.forEach((level, j) => {
          const previous = j === 0 ? 0 : (levels[j - 1] ?? 0);
          if (level > previous + 1) skips.push(`${pages[i]}: h${previous} → h${level}`);
        });
      }
      expect(skips).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
