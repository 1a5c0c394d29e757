import { describe, expect, it } from 'vitest';
import { headerLine, inertText } from './message.ts';

describe('headerLine', () => {
  it.each([
    ['A\r\nBcc: x@evil.example', 'A Bcc: x@evil.example'],
    ['Facture \u202egpj.exe', 'Facture gpj.exe'],
    ['Pay\u200bPal', 'PayPal'],
    ['\u2066Jan\u2069 Peeters', 'Jan Peeters'],
    ['Rue\u00a0de Fer', 'Rue\u00a0de Fer'],
  ])('%j is the one line %j', (value, line) => {
    expect(headerLine(value)).toBe(line);
  });
});

describe('inertText', () => {
  it.each([
    ['https://evil.example/reset', 'hxxps[://]evil[.]example/reset'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['a\u202eb\ufeffc', 'abc'],
  ])('%j reads %j', (value, shown) => {
    expect(inertText(value)).toBe(shown);
  });
});
