import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, CRM_CAPABILITIES, type Capability } from './capabilities.ts';

describe('the CRM capabilities the operator reads', () => {
  const doc = readFileSync('docs/operations.md', 'utf8');
  it.each(Object.entries(CRM_CAPABILITIES))('docs/operations.md says what %s does, as the code does', (adapter, can) => {
    const header = `| CRM | ${Object.values(CAPABILITIES).join(' | ')} |`;
    expect(doc).toContain(header);
    const row = `| ${adapter} | ${(Object.keys(CAPABILITIES) as Capability[]).map((c) => (can[c] ? 'yes' : 'no')).join(' | ')} |`;
    expect(doc).toContain(row);
  });
});
