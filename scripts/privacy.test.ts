import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerText } from './privacy.ts';
import { RETENTION_KINDS } from '../domain/privacy/retention.ts';

describe('the register of processing (art. 30)', () => {
  it('docs/privacy-register.md is the one the schedule writes: run npm run privacy -- register after changing it', () => {
    expect(readFileSync(new URL('../docs/privacy-register.md', import.meta.url), 'utf8')).toBe(registerText());
  });

  it('names every kind of data with its purpose in words, its basis and its period', () => {
    const text = registerText();
    for (const kind of RETENTION_KINDS) expect(text).toMatch(new RegExp(`\\| ${kind} \\| [a-z][^|]+ \\| [^|]+ \\| \\d+ days`));
    expect(text).not.toContain('PRIVACY_PURPOSE_');
  });
});
