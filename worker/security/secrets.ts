/**
 * Random tokens for links (hex, so they fit a path segment) and comparisons of secrets that
 * take the same time whatever the input, so timing tells an attacker nothing.
 */

/** `bytes` random bytes as hex: 16 for a link to one thing, 32 for a link that opens more. */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Byte arrays compared in full, whatever differs first. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** A secret someone sent against the configured one: their digests compared in full. */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return equalBytes(a, b);
}
