/**
 * One `Range: bytes=…` header against a file of `size` bytes, as RFC 9110 (§14.1.2, §15.5.17)
 * has it: a header that cannot be read is ignored (the whole file, 200); a readable range
 * that starts past the end is unsatisfiable (416, `Content-Range: bytes *\/SIZE`); a last
 * position past the end is cut to it; a suffix range takes the last N bytes. Several
 * ranges in one header are answered with the whole file: a server may ignore a Range, and
 * a PMTiles reader asks for one range at a time.
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; offset: number; length: number } | { kind: 'unsatisfiable' };

const RANGE_HEADER = /^bytes=(\d*)-(\d*)$/;

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = RANGE_HEADER.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return { kind: 'whole' };
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    const length = Math.min(suffix, size);
    return { kind: 'part', offset: size - length, length };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (!Number.isSafeInteger(start) || (last !== '' && !Number.isSafeInteger(end))) return { kind: 'whole' };
  // A last position before the first makes the range invalid, so the header is ignored.
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', offset: start, length: Math.min(end, size - 1) - start + 1 };
}
