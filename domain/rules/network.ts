/**
 * Who a client is, for counting: its network address, an IPv6 address by its /64 (the
 * block one household or phone gets, and the least a single client can change at will).
 * Visit statistics and every per-sender limit count by this, so a visitor cannot become
 * many by walking through the 2^64 addresses of their own block.
 */
export function networkOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
