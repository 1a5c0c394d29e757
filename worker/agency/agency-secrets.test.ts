import { describe, expect, it } from 'vitest';
import { agencySecret, openSecret, sealSecret } from './agency-secrets.ts';

describe('agency secrets', () => {
  it('derives a different secret per agency and per purpose, the same each time', async () => {
    const a = await agencySecret('platform', 'agence-a', 'TOKEN_KEY');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await agencySecret('platform', 'agence-a', 'TOKEN_KEY')).toBe(a);
    expect(await agencySecret('platform', 'agence-b', 'TOKEN_KEY')).not.toBe(a);
    expect(await agencySecret('platform', 'agence-a', 'PASSWORD_PEPPER')).not.toBe(a);
    expect(await agencySecret('', 'agence-a', 'TOKEN_KEY')).toBe('');
  });

  it('opens a sealed value only for its agency and under its key', async () => {
    const sealed = await sealSecret('platform-key', 'agence-b', '{"user":"u","password":"p"}');
    expect(sealed).not.toContain('password');
    expect(await openSecret('platform-key', 'agence-b', sealed)).toBe('{"user":"u","password":"p"}');
    expect(await openSecret('platform-key', 'agence-c', sealed)).toBeNull();
    expect(await openSecret('another-key', 'agence-b', sealed)).toBeNull();
    const [v, iv, data] = sealed.split('.');
    const altered = `${v}.${iv}.${(data ?? '').slice(0, -2)}${(data ?? '').endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await openSecret('platform-key', 'agence-b', altered)).toBeNull();
    expect(await openSecret('platform-key', 'agence-b', 'not sealed')).toBeNull();
  });
});
