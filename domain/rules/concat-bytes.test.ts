import { describe, expect, it } from 'vitest';
import { concatBytes } from './concat-bytes.ts';

describe('concatBytes: pieces of a body as one array', () => {
  it.each<[string, number[][], number[]]>([
    ['nothing', [], []],
    ['one piece', [[1, 2, 3]], [1, 2, 3]],
    ['pieces in order, empty ones too', [[1], [], [2, 3], [4]], [1, 2, 3, 4]],
  ])('%s', (_, pieces, whole) => {
    expect(Array.from(concatBytes(pieces.map((p) => Uint8Array.from(p))))).toEqual(whole);
  });

  it('is a new array: changing it leaves the pieces as they were', () => {
    const piece = Uint8Array.from([7, 8]);
    const whole = concatBytes([piece]);
    whole[0] = 0;
    expect(Array.from(piece)).toEqual([7, 8]);
  });
});
