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

describe('inertText: no link a linkifier would see, and nothing else changed', () => {
  it.each([
    ['https://evil.example/reset', 'hxxps[://]evil[.]example/reset'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['http://x.io', 'hxxp[://]x[.]io'],
    ['go to www.spam.be now', 'go to www[.]spam[.]be now'],
    ['mail me at bob@spam.com', 'mail me at bob@spam[.]com'],
    // Three labels or more: every dot, not only the first.
    ['pay.evil.com/iban', 'pay[.]evil[.]com/iban'],
    ['a.b.c.d.example.co.uk/x', 'a[.]b[.]c[.]d[.]example[.]co[.]uk/x'],
    // Full-width dots and letters are folded first, as a mail client's URL parser folds them.
    ['pay．evil．com', 'pay[.]evil[.]com'],
    ['ｈｔｔｐｓ://evil.com', 'hxxps[://]evil[.]com'],
    ['mailto:bob@spam.com', 'mailto[:]bob@spam[.]com'],
    ['ftp://files.evil.net/a', 'ftp[://]files[.]evil[.]net/a'],
    // Words that are no link stay as written.
    ['Bonjour.Merci', 'Bonjour.Merci'],
    ['prix 250.000 € ok', 'prix 250.000 € ok'],
    ['Regarde celle-ci !', 'Regarde celle-ci !'],
    ['a\u202eb\ufeffc\u0007', 'abc'],
    ['ligne 1\nligne 2', 'ligne 1\nligne 2'],
  ])('%j reads %j', (value, shown) => {
    expect(inertText(value)).toBe(shown);
  });

  it('leaves nothing a linkifier reads as a link, whatever the shape', async () => {
    const { find } = await import('linkifyjs');
    for (const attempt of [
      'pay.evil.com/iban',
      'x.y.z.evil.com',
      'evil.com.',
      '(evil.com)',
      'evil.com/a?b=c.d',
      'user:pw@evil.com',
      'evil。com',
      'EVIL.COM',
      'xn--80ak6aa92e.com',
      '1.2.3.4/x',
      'evil.com:8443/x',
    ]) {
      expect(find(inertText(attempt)), attempt).toEqual([]);
    }
  });
});
