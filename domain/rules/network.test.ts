import { describe, expect, it } from 'vitest';
import { networkOf } from './network.ts';

describe('networkOf', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['2001:db8:85a3:12:ffff:ffff:ffff:ffff', '2001:db8:85a3:12::/64'],
    ['2001:0DB8:0000:0012::1', '2001:db8:0:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['local', 'local'],
  ])('%s is counted as %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
