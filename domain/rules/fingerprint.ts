/**
 * A short, stable fingerprint of texts: what kept pages and their ETags are keyed by.
 * SHA-256 (node:crypto, in Node and in the Workers runtime alike, synchronous), cut to 72
 * bits as base64url: 12 characters, and two different inputs meeting is not a concern.
 */
import { createHash } from 'node:crypto';

export function fingerprint(...texts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const text of texts) {
    // The length first, so ['ab', 'c'] and ['a', 'bc'] differ.
    hash.update(`${text.length}:`);
    hash.update(text);
  }
  return hash.digest('base64url').slice(0, 12);
}
