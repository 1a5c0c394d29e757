import { describe, expect, it } from 'vitest';
import { parseSiteStatus } from './site-status.ts';

describe('the browser tests read how the site start went', () => {
  it.each([
    ['no file yet', null, { state: 'starting' }],
    ['a file being written', '{"state":"fa', { state: 'starting' }],
    ['starting', '{"state":"starting"}', { state: 'starting' }],
    ['ready', '{"state":"ready","seconds":84}', { state: 'ready', seconds: 84 }],
    [
      'failed, with why',
      '{"state":"failed","reason":"Error: wrangler dev exited with 1","output":"port in use"}',
      { state: 'failed', reason: 'Error: wrangler dev exited with 1', output: 'port in use' },
    ],
    ['failed, without why', '{"state":"failed"}', { state: 'failed', reason: 'unknown', output: '' }],
    ['something else', '[1,2]', { state: 'starting' }],
  ])('%s', (_, text, expected) => {
    expect(parseSiteStatus(text)).toEqual(expected);
  });
});
