import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it.each([
    ['jan@example.be', 'jan@example.be'],
    ['Jan@Example.BE', 'jan@example.be'],
    ['  jan@example.be ', 'jan@example.be'],
    ['jan+1@example.be', 'jan@example.be'],
    ['jan+alerts+2@example.be', 'jan@example.be'],
    ['JAN+Tag@example.be', 'jan@example.be'],
    // A local part that starts with '+' has no base to fall back to: it is its own mailbox.
    ['+only@example.be', '+only@example.be'],
    ['"a@b"@example.be', '"a@b"@example.be'],
    // Gmail ignores dots and delivers googlemail.com to the same inbox; other domains keep their dots.
    ['j.a.n@gmail.com', 'jan@gmail.com'],
    ['Jan.Peeters+x@GoogleMail.com', 'janpeeters@gmail.com'],
    ['jan.peeters@example.be', 'jan.peeters@example.be'],
  ])('%s is the mailbox %s', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });
});
