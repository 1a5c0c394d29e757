import { describe, expect, it } from 'vitest';
import { defangNote } from './friend.tsx';

describe('defangNote', () => {
  it.each([
    ['Regarde celle-ci !', 'Regarde celle-ci !'],
    ['https://evil.example/pay', 'hxxps[://]evil[.]example/pay'],
    ['http://x.io', 'hxxp[://]x[.]io'],
    ['go to www.spam.be now', 'go to www[.]spam[.]be now'],
    ['mail me at bob@spam.com', 'mail me at bob@spam[.]com'],
    ['prix 250.000 € ok', 'prix 250.000 € ok'],
    ['a\u202eb\u0007c', 'abc'],
  ])('%j becomes %j', (note, shown) => {
    expect(defangNote(note)).toBe(shown);
  });

  it('keeps at most 500 characters', () => {
    expect(defangNote('a'.repeat(900))).toHaveLength(500);
  });
});
