import { describe, expect, it } from 'vitest';
import { visitorAddress } from './visits.ts';

describe('visitorAddress', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['2001:db8:85a3:12:ffff:ffff:ffff:ffff', '2001:db8:85a3:12::/64'],
    ['2001:0DB8:0000:0012::1', '2001:db8:0:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['local', 'local'],
  ])('%s is counted as %s', (ip, visitor) => {
    expect(visitorAddress(ip)).toBe(visitor);
  });
});
