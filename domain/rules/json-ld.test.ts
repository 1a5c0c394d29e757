import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from './json-ld.ts';

describe('scriptSafeJson', () => {
  it.each([
    ['{"a":"</script><script>alert(1)</script>"}', '{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}'],
    ['{"a":"Tom & Jerry"}', '{"a":"Tom \\u0026 Jerry"}'],
    ['{"a":"<!--"}', '{"a":"\\u003c!--"}'],
    ['{"a":"line\u2028sep\u2029"}', '{"a":"line\\u2028sep\\u2029"}'],
    ['{"a":"plain \\"quoted\\""}', '{"a":"plain \\"quoted\\""}'],
  ])('%s', (input, expected) => {
    const safe = scriptSafeJson(input);
    expect(safe).toBe(expected);
    expect(safe).not.toMatch(/<|>/);
    expect(JSON.parse(safe)).toEqual(JSON.parse(input));
  });
});
