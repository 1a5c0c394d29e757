import { describe, expect, it } from 'vitest';
import { DECOY_HASH, generatePassword, hashPassword, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('never uses more PBKDF2 iterations than Workers allow in production', () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it('stores the scheme, the count, a salt and the hash; salts differ', async () => {
    const a = await hashPassword('correct horse battery', 'pepper');
    const b = await hashPassword('correct horse battery', 'pepper');
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('accepts the right password only, with the same pepper only', async () => {
    const stored = await hashPassword('correct horse battery', 'pepper');
    expect(await verifyPassword('correct horse battery', stored, 'pepper')).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored, 'pepper')).toBe(false);
    expect(await verifyPassword('correct horse battery', stored, 'other pepper')).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['md5$abc', 'another scheme'],
    ['pbkdf2-sha256$200000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'more iterations than production allows'],
    ['pbkdf2-sha256$0$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'no iterations'],
    ['pbkdf2-sha256$1000$!!$AAAA', 'bad base64'],
    ['pbkdf2-sha256$1000$AAAAAAAAAAAAAAAAAAAAAA$AAAA', 'short hash'],
  ])('a malformed record (%s: %s) never matches', async (stored) => {
    expect(await verifyPassword('anything at all', stored, 'pepper')).toBe(false);
  });

  it('the decoy hash is well formed and matches nothing typed', async () => {
    expect(await verifyPassword('', DECOY_HASH, 'pepper')).toBe(false);
  });
});

describe('operator passwords', () => {
  it('generates readable random passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[a-zA-Z2-9]{16}$/);
    expect(a).not.toMatch(/[01ilIoO]/);
    expect(generatePassword()).not.toBe(a);
  });
});
