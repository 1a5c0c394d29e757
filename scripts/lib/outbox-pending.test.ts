import { describe, expect, it } from 'vitest';
import { pendingLine, resendSql, stateOf, type PendingRow } from './outbox-pending.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const row = (change: Partial<PendingRow>): PendingRow => ({
  what: 'lead',
  id: 'abc',
  kind: 'rental-application',
  created_at: '2026-11-27T09:00:00.000Z',
  attempts: 11,
  error: 'agency: 421',
  tried_at: null,
  ...change,
});

describe('pending mail', () => {
  it.each<[string, Partial<PendingRow>, string]>([
    ['an hour-old lead', {}, 'retrying'],
    ['a lead of three days and one hour', { created_at: '2026-11-24T09:00:00.000Z' }, 'given up'],
    ['an unreadable letter', { what: 'letter', kind: 'unreadable' }, 'unreadable'],
  ])('%s is %s', (_what, change, state) => {
    expect(stateOf(row(change), NOW)).toBe(state);
  });

  it('prints why it waits, and never a control character it was sent', () => {
    const line = pendingLine(row({ error: 'agency: 421 \u001b[31mred' }), NOW);
    expect(line).toContain('retrying');
    expect(line).toContain('lead rental-application');
    expect(line).toContain('agency: 421');
    expect(line).not.toContain('\u001b');
  });

  it('a resend marks leads and readable letters due now, never unreadable ones', () => {
    const [leads, letters] = resendSql(NOW);
    expect(leads).toMatch(/notify_tried_at = NULL WHERE notified_at IS NULL/);
    expect(letters).toContain("reason = 'retries-exhausted'");
    expect(letters).toContain(NOW.toISOString());
  });
});
