import { describe, expect, it } from 'vitest';
import { findAgency, guestOrigin } from './find-agency.ts';
import { PlatformTable } from './platform-table.ts';

const table = PlatformTable.parse({
  agencies: [
    { id: 'agence-b', hostname: 'agence-b.localhost', aliases: ['b.localhost'], db: 'DB_AGENCE_B', inbox: 'info@agence-b.example.be' },
    { id: 'ciney', hostname: 'www.ciney-immo.be', aliases: ['ciney-immo.be'], db: 'DB_CINEY', inbox: 'info@ciney-immo.be' },
  ],
});

describe('findAgency', () => {
  const cases: [string, string | null, string, string][] = [
    ['no table: every host is the home agency', null, 'http://anything.example/x', 'home'],
    ['the home origin', 'table', 'http://127.0.0.1:8787/fr/', 'home'],
    ['a home alias', 'table', 'http://localhost:8787/', 'home'],
    ['a guest on the home port', 'table', 'http://agence-b.localhost:8787/fr/', 'guest:agence-b'],
    ['a guest named in capitals', 'table', 'http://AGENCE-B.localhost:8787/', 'guest:agence-b'],
    ['a guest on another port is not that guest', 'table', 'http://agence-b.localhost:9999/', 'unknown'],
    ['a guest alias', 'table', 'http://b.localhost:8787/nl/?x=1', 'alias:http://agence-b.localhost:8787/nl/?x=1'],
    ['a stranger', 'table', 'http://evil.example:8787/', 'unknown'],
    ['a suffix of a guest host', 'table', 'http://x.agence-b.localhost:8787/', 'unknown'],
  ];
  it.each(cases)('%s', (_name, withTable, url, expected) => {
    const match = findAgency(withTable ? table : null, 'http://127.0.0.1:8787', ['localhost:8787'], new URL(url));
    const said = match.kind === 'guest' ? `guest:${match.agency.id}` : match.kind === 'alias' ? `alias:${match.location}` : match.kind;
    expect(said).toBe(expected);
  });

  it('gives a deployed guest the https origin without a port', () => {
    expect(guestOrigin('https://www.home.be', 'www.ciney-immo.be')).toBe('https://www.ciney-immo.be');
    const match = findAgency(table, 'https://www.home.be', [], new URL('https://www.ciney-immo.be/fr/'));
    expect(match.kind === 'guest' && match.origin).toBe('https://www.ciney-immo.be');
  });
});

describe('PlatformTable', () => {
  it('refuses a hostname two agencies claim, and a database two agencies share', () => {
    const row = { id: 'a1', hostname: 'a.be', db: 'DB_A', inbox: 'x@a.be' };
    expect(PlatformTable.safeParse({ agencies: [row, { ...row, id: 'a2', db: 'DB_B' }] }).success).toBe(false);
    expect(PlatformTable.safeParse({ agencies: [row, { ...row, id: 'a2', hostname: 'b.be' }] }).success).toBe(false);
    expect(PlatformTable.safeParse({ agencies: [row, { ...row, id: 'a2', hostname: 'b.be', aliases: ['a.be'], db: 'DB_B' }] }).success).toBe(false);
    expect(PlatformTable.safeParse({ agencies: [row, { ...row, id: 'a2', hostname: 'b.be', db: 'DB_B' }] }).success).toBe(true);
  });

  it('refuses hosts with ports, paths or upper case, and ids that could climb out of a prefix', () => {
    for (const hostname of ['a.be:80', 'a.be/x', 'A.be', '.a.be', 'a..be']) expect(PlatformTable.safeParse({ agencies: [{ id: 'a1', hostname, db: 'DB_A', inbox: 'x@a.be' }] }).success).toBe(false);
    for (const id of ['../a', 'a/b', 'A', '1a', '']) expect(PlatformTable.safeParse({ agencies: [{ id, hostname: 'a.be', db: 'DB_A', inbox: 'x@a.be' }] }).success).toBe(false);
  });
});
