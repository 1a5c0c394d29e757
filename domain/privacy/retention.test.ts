import { describe, expect, it } from 'vitest';
import { RETENTION, RETENTION_KINDS, retentionDays } from './retention.ts';
import { RETENTION_RECORD } from './retention-record.ts';

describe('the retention periods in force', () => {
  it.each([
    ['nothing chosen: the defaults', {}, { lead: 1095, application: 180, 'mail-log': 90 }],
    ['a choice within its bounds is kept', { lead: 730, 'mail-log': 30 }, { lead: 730, 'mail-log': 30 }],
    ['a choice below its bounds is raised to the least', { lead: 10 }, { lead: 180 }],
    ['a choice above its bounds is lowered to the most', { application: 5000 }, { application: 730 }],
    ['a fraction or a text is no choice', { lead: 12.5, alert: '60' as unknown as number }, { lead: 1095, alert: 30 }],
    ['an unknown kind changes nothing', { cookies: 3 }, { lead: 1095 }],
  ])('%s', (_what, chosen, expected) => {
    expect(retentionDays(chosen)).toMatchObject(expected);
  });

  it('every kind has a purpose, a basis, a source, and a default inside its own bounds', () => {
    for (const kind of RETENTION_KINDS) {
      const rule = RETENTION[kind];
      expect(rule.purposeKey, kind).toMatch(/^PRIVACY_PURPOSE_[A-Z_]+$/);
      expect(RETENTION_RECORD[kind].source.length, kind).toBeGreaterThan(10);
      expect(rule.minDays <= rule.days && rule.days <= rule.maxDays, kind).toBe(true);
    }
  });
});
