import { describe, it, expect } from 'vitest';
import { facadeKind, facadeKey } from './facades.ts';

describe('facadeKind and facadeKey', () => {
  it.each([
    [0, null, null],
    [1, null, null],
    [2, 'closed', 'FACADES_CLOSED'],
    [3, 'half-open', 'FACADES_HALF_OPEN'],
    [4, 'open', 'FACADES_OPEN'],
    [5, 'open', 'FACADES_OPEN'],
    [2.5, null, null],
    [3.9999, null, null],
    [-2, null, null],
    [-4, null, null],
    [Number.NaN, null, null],
    [Number.POSITIVE_INFINITY, null, null],
    ['4', null, null],
    ['', null, null],
    [null, null, null],
    [undefined, null, null],
  ])('%j facades → %s / %s', (count, kind, key) => {
    expect(facadeKind(count)).toBe(kind);
    expect(facadeKey(facadeKind(count))).toBe(key);
  });
});
