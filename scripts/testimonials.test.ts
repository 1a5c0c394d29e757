import { describe, expect, it } from 'vitest';
import { listLine, parseModeration } from './testimonials.ts';

const ID = '0b8f3a52-6c1e-4d0e-9f55-2f1d1b1c9e10';

describe('parseModeration', () => {
  it.each([
    [['list'], undefined, { action: 'list', status: null }],
    [['list'], 'pending', { action: 'list', status: 'pending' }],
    [['approve', ID], undefined, { action: 'approve', id: ID }],
    [['reject', ID], undefined, { action: 'reject', id: ID }],
  ])('%j %s', (args, status, expected) => {
    expect(parseModeration(args, status)).toEqual(expected);
  });
  it.each([
    [['approve'], undefined],
    [['approve', "x' OR '1'='1"], undefined],
    [['list'], "pending'; DROP TABLE testimonials;--"],
    [['publish', ID], undefined],
    [[], undefined],
  ])('refuses %j %s', (args, status) => {
    expect(() => parseModeration(args, status)).toThrow();
  });
});

describe('listLine', () => {
  it('prints what a visitor wrote without obeying its control characters', () => {
    const line = listLine({
      id: '0f8f6b9e-7c55-4d5e-9a53-0d1c8f3e2a11',
      status: 'pending',
      lang: 'fr',
      created_at: '2026-11-25T08:00:00Z',
      name: 'Eve\u001b]0;owned\u0007',
      comment: 'Super\u001b[2K\u001b[1A\r0f8f  approved\u202e',
      homepage: null,
      image_key: null,
    });
    expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(line).toContain('Eve\\u001b]0;owned\\u0007');
    expect(line).toContain('\\u001b[2K');
  });
});
