import { describe, expect, it } from 'vitest';
import { brusselsLocal } from './brussels-local.ts';

describe('a Brussels wall-clock time as the instant it names', () => {
  it.each([
    ['2026-12-01T10:00', '2026-12-01T09:00:00.000Z'],
    ['2026-12-01T10:30:00', '2026-12-01T09:30:00.000Z'],
    ['2026-07-01T10:00:00', '2026-07-01T08:00:00.000Z'],
    // Spring forward: 02:30 on 29 March 2026 never happens in Brussels.
    ['2026-03-29T02:30', null],
    ['2026-03-29T03:00', '2026-03-29T01:00:00.000Z'],
    // Autumn back: 02:30 on 25 October happens twice; the first is meant.
    ['2026-10-25T02:30', '2026-10-25T00:30:00.000Z'],
    ['2026-12-01', null],
    ['2026-12-01T25:00', null],
    ['01/12/2026 10:00', null],
  ])('%s → %s', (local, instant) => {
    expect(brusselsLocal(local)).toBe(instant);
  });
});
