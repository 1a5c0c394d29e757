/**
 * Local secrets: generated into .dev.vars on first start so a fresh clone runs with no
 * set-up; production takes them from `wrangler secret put`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

const REQUIRED = ['TOKEN_KEY', 'PASSWORD_PEPPER', 'PUBLISH_HOOK_TOKEN'] as const;

export async function ensureDevVars(file = '.dev.vars'): Promise<void> {
  const current = existsSync(file) ? await readFile(file, 'utf8') : '';
  const lines = current.split('\n').filter((l) => l.trim() !== '');
  let changed = false;
  for (const name of REQUIRED) {
    if (!lines.some((l) => l.startsWith(`${name}=`)) || lines.some((l) => l === `${name}="dev"` || l === `${name}=""`)) {
      const kept = lines.filter((l) => !l.startsWith(`${name}=`));
      kept.push(`${name}="${randomBytes(32).toString('base64url')}"`);
      lines.splice(0, lines.length, ...kept);
      changed = true;
    }
  }
  // Optional secrets: empty turns their feature off (captcha; the scheduled CRM pull's credentials).
  for (const name of ['TURNSTILE_SECRET', 'CRM_USER', 'CRM_PASSWORD']) {
    if (!lines.some((l) => l.startsWith(`${name}=`))) {
      lines.push(`${name}=""`);
      changed = true;
    }
  }
  if (changed) await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
}

/** One value of .dev.vars (as `wrangler dev` reads it), e.g. the pepper scripts hash owner passwords with. */
export function devVar(name: string, file = '.dev.vars'): string | null {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const line = text.split('\n').find((l) => l.startsWith(`${name}=`));
  if (!line) return null;
  const value = line
    .slice(name.length + 1)
    .trim()
    .replace(/^"(.*)"$/, '$1');
  return value === '' ? null : value;
}
