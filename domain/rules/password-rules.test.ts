import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules.ts';

describe('new owner passwords', () => {
  it.each([
    ['', '', 'PASSWORD_TOO_SHORT'],
    ['short', 'short', 'PASSWORD_TOO_SHORT'],
    ['nine char', 'nine char', 'PASSWORD_TOO_SHORT'],
    ['ten chars!', 'ten chars!', null],
    ['ééééééééé', 'ééééééééé', 'PASSWORD_TOO_SHORT'],
    ['long enough!', 'long enough?', 'PASSWORDS_DIFFERENT'],
    ['x'.repeat(201), 'x'.repeat(201), 'PASSWORD_TOO_LONG'],
    ['x'.repeat(200), 'x'.repeat(200), null],
  ])('%s / %s → %s', (password, confirm, problem) => {
    expect(passwordProblem(password, confirm)).toBe(problem);
  });
});
