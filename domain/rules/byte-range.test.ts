import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.ts';

const SIZE = 1000;

describe('byteRange', () => {
  it.each([
    ['no header', undefined, { kind: 'whole' }],
    ['the first bytes', 'bytes=0-99', { kind: 'part', offset: 0, length: 100 }],
    ['one byte', 'bytes=9-9', { kind: 'part', offset: 9, length: 1 }],
    ['from a position to the end', 'bytes=900-', { kind: 'part', offset: 900, length: 100 }],
    ['an end past the file: cut to it', 'bytes=990-5000', { kind: 'part', offset: 990, length: 10 }],
    ['the last bytes', 'bytes=-10', { kind: 'part', offset: 990, length: 10 }],
    ['more last bytes than the file has', 'bytes=-5000', { kind: 'part', offset: 0, length: 1000 }],
    ['a start past the end', 'bytes=99999999999-', { kind: 'unsatisfiable' }],
    ['a start at the end', 'bytes=1000-1010', { kind: 'unsatisfiable' }],
    ['an empty suffix', 'bytes=-0', { kind: 'unsatisfiable' }],
    ['an end before the start: ignored', 'bytes=9-1', { kind: 'whole' }],
    ['another unit: ignored', 'lines=1-2', { kind: 'whole' }],
    ['several ranges: ignored', 'bytes=0-1,5-6', { kind: 'whole' }],
    ['no positions: ignored', 'bytes=-', { kind: 'whole' }],
    ['a number too large to hold: ignored', `bytes=0-${'9'.repeat(30)}`, { kind: 'whole' }],
    ['junk: ignored', 'bytes=a-b', { kind: 'whole' }],
  ])('%s (%s)', (_what, header, answer) => {
    expect(byteRange(header, SIZE)).toEqual(answer);
  });
});
