/**
 * Where every benchmark keeps its figures: `docs/bench/<name>.json`, committed, with the
 * commit they were taken at (and whether the tree had changes on top) and the machine, so
 * a figure quoted in the docs can be traced to the code and the hardware that produced it.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';

export interface BenchProvenance {
  commit: string;
  /** True when the working tree differed from the commit: the figures are of uncommitted code. */
  dirty: boolean;
  takenAt: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string };
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function provenance(): BenchProvenance {
  const cpus = os.cpus();
  return {
    commit: git(['rev-parse', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    takenAt: new Date().toISOString(),
    machine: { cpu: cpus[0]?.model ?? 'unknown', cores: cpus.length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
  };
}

/** Writes `docs/bench/<name>.json`: the provenance first, then the figures. Returns the path. */
export async function writeBenchRecord(name: string, figures: object): Promise<string> {
  await mkdir('docs/bench', { recursive: true });
  const path = `docs/bench/${name}.json`;
  await writeFile(path, `${JSON.stringify({ ...provenance(), ...figures }, null, 2)}\n`);
  return path;
}
