import { describe, expect, it } from 'vitest';
import { moderationSql, parseModeration } from './testimonials.ts';

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

describe('moderationSql', () => {
  it.each([
    [{ action: 'list', status: null } as const, /FROM testimonials ORDER BY/],
    [{ action: 'list', status: 'pending' } as const, /WHERE status = 'pending'/],
    [{ action: 'approve', id: ID } as const, new RegExp(`SET status = 'approved'.*WHERE id = '${ID}'`)],
    [{ action: 'reject', id: ID } as const, /SET status = 'rejected'/],
  ])('%j', (command, sql) => {
    expect(moderationSql(command)).toMatch(sql);
  });
});
